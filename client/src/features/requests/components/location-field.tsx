import { Link } from 'wouter';

import { FormField } from '@/components/ui/form-field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useLocations } from '@/lib/locations';
import { useTenant } from '@/lib/tenant';

interface LocationFieldProps {
  id: string;
  /** The chosen location's id as a string ('' for none). */
  value: string;
  onValueChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
}

/**
 * The location picker of both request dialogs (Send Review Request, Generate Review Link): disabled while
 * loading or with no location, and then a link to add one (seed-spec section 9).
 */
export function LocationField({ id, value, onValueChange, onBlur, error }: LocationFieldProps) {
  const { routeBase } = useTenant();
  const locations = useLocations();
  const list = locations.data ?? [];
  const none = !locations.isPending && list.length === 0;
  // FormField hands its aria attributes to its child, the Select root; the focusable trigger needs them.
  const describedBy = error ? `${id}-error` : none ? `${id}-description` : undefined;

  return (
    <FormField
      id={id}
      label="Location"
      error={error}
      description={
        none ? (
          <>
            No locations yet.{' '}
            <Link href={`${routeBase}/settings?tab=locations`} className="font-medium text-primary underline">
              Add a location
            </Link>
          </>
        ) : undefined
      }
    >
      <Select value={value} onValueChange={onValueChange} disabled={locations.isPending || list.length === 0}>
        <SelectTrigger
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onBlur={onBlur}
        >
          <SelectValue placeholder={locations.isPending ? 'Loading locations…' : 'Select a location'} />
        </SelectTrigger>
        <SelectContent>
          {list.map((location) => (
            <SelectItem key={location.id} value={String(location.id)}>
              {location.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </FormField>
  );
}
