import { X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';

import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { TAG_MAX, TAGS_MAX } from '@shared/contacts';

interface TagInputProps {
  id?: string;
  value: string[];
  onChange: (tags: string[]) => void;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}

/** Tags as chips: Enter or comma adds what was typed, Backspace in an empty box removes the last one. */
export function TagInput({ id, value, onChange, onBlur, ...aria }: TagInputProps) {
  const [draft, setDraft] = useState('');

  function add(text: string) {
    const tag = text.trim().slice(0, TAG_MAX);
    setDraft('');
    if (!tag || value.length >= TAGS_MAX) return;
    if (value.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div
      className={cn(
        'flex min-h-10 w-full flex-wrap items-center gap-1.5 rounded-md border border-input bg-background px-2 py-1.5 shadow-sm focus-within:ring-2 focus-within:ring-ring',
        aria['aria-invalid'] && 'border-destructive',
      )}
    >
      {value.map((tag) => (
        <Badge key={tag} variant="secondary" className="gap-1 pr-1">
          {tag}
          <button
            type="button"
            className="rounded-sm p-0.5 hover:bg-background/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            aria-label={`Remove tag ${tag}`}
            onClick={() => onChange(value.filter((t) => t !== tag))}
          >
            <X className="size-3" aria-hidden="true" />
          </button>
        </Badge>
      ))}
      <input
        id={id}
        {...aria}
        value={draft}
        maxLength={TAG_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          add(draft);
          onBlur?.();
        }}
        placeholder={value.length === 0 ? 'Type a tag and press Enter' : ''}
        className="min-w-24 flex-1 bg-transparent px-1 py-0.5 text-base outline-none placeholder:text-muted-foreground md:text-sm"
      />
    </div>
  );
}
