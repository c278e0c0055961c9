import { useId } from 'react';

import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';

/** Every IANA zone this browser knows, for the suggestions list. */
const ZONES: readonly string[] =
  typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];

export const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * A time zone field: type to filter the zones (Europe/London), or take this device's with one click. Inside a
 * FormField it receives the id and aria attributes.
 */
export function TimeZoneInput({
  value,
  onChange,
  ...aria
}: {
  value: string;
  onChange: (value: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  const listId = useId();
  const device = deviceTimeZone();
  return (
    <div className="flex min-w-0 flex-col gap-2 sm:flex-row">
      <Input
        {...aria}
        list={listId}
        value={value}
        placeholder="Not set"
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
        className="min-w-0"
      />
      <datalist id={listId}>
        {ZONES.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {device && value !== device ? (
        <Button type="button" variant="outline" onClick={() => onChange(device)} className="shrink-0">
          Use {device}
        </Button>
      ) : null}
    </div>
  );
}
