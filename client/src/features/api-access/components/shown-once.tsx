import { Copy } from 'lucide-react';
import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { copyText } from '@/components/ui/copy-text';

/** A secret the server answers once (an API key, a signing secret): shown with Copy until dismissed. */
export function ShownOnce({
  label,
  value,
  what,
  onDone,
}: {
  label: string;
  value: string;
  /** How the toast names it: 'API key', 'Signing secret'. */
  what: string;
  onDone: () => void;
}) {
  const id = useId();
  return (
    <div role="status" className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-3">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <p className="text-sm text-muted-foreground">Copy it now: it will not be shown again.</p>
      <div className="flex gap-2">
        <Input
          id={id}
          readOnly
          value={value}
          className="font-mono text-xs"
          onFocus={(event) => event.target.select()}
        />
        <Button
          variant="outline"
          onClick={() =>
            void copyText(value, {
              title: `${what} copied`,
              description: 'Paste it into the system that will use it.',
            })
          }
        >
          <Copy aria-hidden="true" />
          Copy
        </Button>
      </div>
      <div>
        <Button variant="ghost" size="sm" onClick={onDone}>
          I have copied it
        </Button>
      </div>
    </div>
  );
}
