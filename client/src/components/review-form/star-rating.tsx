import { useRef, useState, type KeyboardEvent, type Ref } from 'react';

import { useCustomerT } from '@/lib/customer-i18n';
import { cn } from '@/lib/utils';
import { directionOf } from '@shared/i18n/languages';

import { StarIcon } from './icons';

const WORDS = ['stars.word1', 'stars.word2', 'stars.word3', 'stars.word4', 'stars.word5'] as const;

interface StarRatingProps {
  value: number | null;
  onChange: (rating: number) => void;
  /** The group's accessible name. */
  label?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Lets a parent move focus here (e.g. after "please choose a rating"). */
  groupRef?: Ref<HTMLDivElement>;
}

/**
 * Five large stars as one radio group (WAI-ARIA APG radio group): Tab reaches the group once, arrows move
 * between stars and choose, Space or Enter chooses the focused star, Home/End jump to 1 and 5.
 */
export function StarRating({ value, onChange, label, invalid, describedBy, groupRef }: StarRatingProps) {
  const { t, language } = useCustomerT();
  // Right to left, the stars run from the right: the arrow keys follow what the customer sees.
  const rtl = directionOf(language) === 'rtl';
  const [hovered, setHovered] = useState<number | null>(null);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const shown = hovered ?? value ?? 0;
  // The checked star is the tab stop; with none checked, the first one.
  const tabStop = value ?? 1;

  function choose(n: number) {
    onChange(n);
    buttons.current[n - 1]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, n: number) {
    const next = n === 5 ? 1 : n + 1;
    const previous = n === 1 ? 5 : n - 1;
    const moves: Record<string, number> = {
      ArrowRight: rtl ? previous : next,
      ArrowDown: n === 5 ? 1 : n + 1,
      ArrowLeft: rtl ? next : previous,
      ArrowUp: n === 1 ? 5 : n - 1,
      Home: 1,
      End: 5,
    };
    if (event.key in moves) {
      event.preventDefault();
      choose(moves[event.key]!);
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      choose(n);
    }
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <div
        ref={groupRef}
        role="radiogroup"
        aria-label={label ?? t('stars.groupLabel')}
        aria-required="true"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        tabIndex={-1}
        className="flex justify-center gap-1 rounded-lg outline-none sm:gap-2"
        onMouseLeave={() => setHovered(null)}
      >
        {[1, 2, 3, 4, 5].map((n) => {
          const filled = n <= shown;
          return (
            <button
              key={n}
              ref={(el) => {
                buttons.current[n - 1] = el;
              }}
              type="button"
              role="radio"
              aria-checked={value === n}
              aria-label={t('stars.star', { count: n })}
              tabIndex={n === tabStop ? 0 : -1}
              onClick={() => choose(n)}
              onKeyDown={(event) => onKeyDown(event, n)}
              onMouseEnter={() => setHovered(n)}
              className={cn(
                'grid size-14 place-items-center rounded-full outline-none sm:size-16',
                'focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                'motion-safe:transition-transform motion-safe:active:scale-90',
              )}
            >
              <StarIcon
                className={cn(
                  'size-11 sm:size-12 motion-safe:transition-colors',
                  filled
                    ? 'fill-amber-400 stroke-amber-500'
                    : 'fill-transparent stroke-muted-foreground/70 dark:stroke-muted-foreground',
                )}
              />
            </button>
          );
        })}
      </div>
      <p className="h-5 text-sm font-medium text-muted-foreground" aria-hidden="true">
        {shown > 0 ? t(WORDS[shown - 1]!) : ''}
      </p>
    </div>
  );
}
