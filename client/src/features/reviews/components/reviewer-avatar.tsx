import { initials } from '@/lib/utils';

export function ReviewerAvatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary"
    >
      {initials(name) || '?'}
    </span>
  );
}
