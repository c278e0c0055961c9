import { ChevronDown } from 'lucide-react';
import {
  createContext,
  useCallback,
  useContext,
  useRef,
  useState,
  type ComponentProps,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { createPortal } from 'react-dom';

import { cn } from '@/lib/utils';
import type * as RadixSelect from './select-radix';
import { SELECT_TRIGGER_CLASSES } from './select-trigger-classes';

/**
 * The app's select: Radix's (./select-radix.tsx), fetched when someone first reaches for one of them, by
 * pointing at it, focusing it or pressing it. Until then a button with the same look, role and name stands in
 * its place and shows the chosen option, so a screen with a filter select does not load Radix Select, its
 * popper and its scroll lock (26 KB gzipped) with the screen (issue 43; docs/decisions/016-first-load-on-a-diet.md).
 * A press swaps Radix's select in, open (at once when pointing or focusing has fetched it already).
 */

type Radix = typeof RadixSelect;

let radix: Radix | undefined;
let loading: Promise<Radix> | undefined;

function loadRadix(): Promise<Radix> {
  loading ??= import('./select-radix').then(
    (module) => (radix = module),
    (error: unknown) => {
      // Offline: the stand-in stays, and the next reach tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Starts fetching Radix, so that a press that follows finds it here. */
function preload() {
  loadRadix().catch(() => undefined);
}

interface StandIn {
  value: string | undefined;
  disabled: boolean;
  valueNode: HTMLElement | null;
  setValueNode: (node: HTMLElement | null) => void;
  /** Swaps in Radix's select, open, as soon as it is here. */
  open: () => void;
}

type Mode = { radix: Radix } | { standIn: StandIn };

const ModeContext = createContext<Mode | null>(null);

function useMode(part: string): Mode {
  const mode = useContext(ModeContext);
  if (!mode) throw new Error(`<${part}> must be inside <Select>`);
  return mode;
}

export function Select({ children, ...props }: ComponentProps<Radix['Select']>) {
  // A select mounted once Radix is here is Radix's at once; a stand-in becomes Radix's, open, when pressed.
  const [arrived, setArrived] = useState(() => (radix ? { radix, open: false } : undefined));
  const [valueNode, setValueNode] = useState<HTMLElement | null>(null);
  const open = useCallback(() => {
    if (radix) setArrived({ radix, open: true });
    else
      loadRadix().then(
        (module) => setArrived({ radix: module, open: true }),
        () => undefined,
      );
  }, []);

  if (arrived) {
    return (
      <ModeContext.Provider value={{ radix: arrived.radix }}>
        <arrived.radix.Select {...props} defaultOpen={props.defaultOpen || arrived.open}>
          {children}
        </arrived.radix.Select>
      </ModeContext.Provider>
    );
  }
  const standIn: StandIn = {
    value: props.value ?? props.defaultValue,
    disabled: Boolean(props.disabled),
    valueNode,
    setValueNode,
    open,
  };
  return <ModeContext.Provider value={{ standIn }}>{children}</ModeContext.Provider>;
}

const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

export function SelectTrigger({
  className,
  children,
  asChild: _asChild,
  onPointerEnter,
  onFocus,
  onPointerDown,
  onKeyDown,
  onClick,
  ...props
}: ComponentProps<Radix['SelectTrigger']>) {
  const mode = useMode('SelectTrigger');
  // As Radix: a mouse opens on press, a finger or a pen on release (so a swipe over it scrolls the page).
  const pointerType = useRef('mouse');
  if ('radix' in mode) {
    return (
      <mode.radix.SelectTrigger
        className={className}
        onPointerEnter={onPointerEnter}
        onFocus={onFocus}
        onPointerDown={onPointerDown}
        onKeyDown={onKeyDown}
        onClick={onClick}
        {...props}
      >
        {children}
      </mode.radix.SelectTrigger>
    );
  }
  const { standIn } = mode;
  const placeholder = standIn.value === undefined || standIn.value === '';
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      data-slot="select-trigger"
      data-state="closed"
      data-placeholder={placeholder ? '' : undefined}
      data-disabled={standIn.disabled ? '' : undefined}
      disabled={standIn.disabled}
      className={cn(SELECT_TRIGGER_CLASSES, className)}
      {...props}
      onPointerEnter={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event: FocusEvent<HTMLButtonElement>) => {
        onFocus?.(event);
        preload();
      }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        pointerType.current = event.pointerType;
        if (event.pointerType === 'mouse' && event.button === 0 && !event.ctrlKey) standIn.open();
      }}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (pointerType.current !== 'mouse') standIn.open();
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        standIn.open();
      }}
    >
      {children}
      <ChevronDown className="size-4 opacity-50" aria-hidden="true" />
    </button>
  );
}

/** The chosen option's text (its item puts it here), or the placeholder when none is chosen. */
export function SelectValue({ placeholder, ...props }: ComponentProps<Radix['SelectValue']>) {
  const mode = useMode('SelectValue');
  if ('radix' in mode) return <mode.radix.SelectValue placeholder={placeholder} {...props} />;
  const { standIn } = mode;
  const chosen = standIn.value !== undefined && standIn.value !== '';
  return (
    <span ref={standIn.setValueNode} style={{ pointerEvents: 'none' }}>
      {chosen ? null : placeholder}
    </span>
  );
}

export function SelectContent({ children, ...props }: ComponentProps<Radix['SelectContent']>) {
  const mode = useMode('SelectContent');
  if ('radix' in mode) return <mode.radix.SelectContent {...props}>{children}</mode.radix.SelectContent>;
  // Closed: only the chosen item shows anything, its text in the trigger.
  return <>{children}</>;
}

export function SelectItem({ children, ...props }: ComponentProps<Radix['SelectItem']>) {
  const mode = useMode('SelectItem');
  if ('radix' in mode) return <mode.radix.SelectItem {...props}>{children}</mode.radix.SelectItem>;
  const { standIn } = mode;
  if (standIn.value !== props.value || !standIn.valueNode) return null;
  return createPortal(children, standIn.valueNode);
}

export function SelectGroup({ children, ...props }: ComponentProps<Radix['SelectGroup']>) {
  const mode = useMode('SelectGroup');
  if ('radix' in mode) return <mode.radix.SelectGroup {...props}>{children}</mode.radix.SelectGroup>;
  return <>{children}</>;
}

export function SelectLabel(props: ComponentProps<Radix['SelectLabel']>) {
  const mode = useMode('SelectLabel');
  return 'radix' in mode ? <mode.radix.SelectLabel {...props} /> : null;
}

export function SelectSeparator(props: ComponentProps<Radix['SelectSeparator']>) {
  const mode = useMode('SelectSeparator');
  return 'radix' in mode ? <mode.radix.SelectSeparator {...props} /> : null;
}
