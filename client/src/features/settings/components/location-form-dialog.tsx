import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { RegisteredFormField } from '@/components/ui/registered-form-field';
import { LanguageSelect } from '@/components/ui/language-select';
import { TimeZoneInput } from '@/components/ui/time-zone-input';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { notifyError } from '@/components/ui/notify-error';
import {
  LocationFormSchema,
  type Location,
  type LocationFormInput,
  type LocationFormValues,
} from '@shared/schemas/locations';

import { useCreateLocation } from '../api/create-location';
import { useUpdateLocation } from '../api/update-location';

interface LocationFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  location?: Location | null;
}

export function LocationFormDialog({ open, onOpenChange, location }: LocationFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{location ? 'Edit location' : 'Add location'}</DialogTitle>
          <DialogDescription>
            Customers who leave a review are offered your Google and Facebook review links.
          </DialogDescription>
        </DialogHeader>
        {open ? <LocationForm location={location} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function LocationForm({ location, onDone }: { location?: Location | null; onDone: () => void }) {
  const create = useCreateLocation();
  const update = useUpdateLocation();
  const pending = create.isPending || update.isPending;
  const form = useForm<LocationFormInput, unknown, LocationFormValues>({
    resolver: zodResolver(LocationFormSchema),
    defaultValues: {
      name: location?.name ?? '',
      address: location?.address ?? '',
      googleReviewUrl: location?.googleReviewUrl ?? '',
      facebookPageUrl: location?.facebookPageUrl ?? '',
      googlePlaceId: location?.googlePlaceId ?? '',
      timeZone: location?.timeZone ?? '',
      defaultLanguage: location?.defaultLanguage ?? '',
    },
  });
  const { errors } = form.formState;

  async function onSubmit(values: LocationFormValues) {
    try {
      if (location) {
        await update.mutateAsync({ id: location.id, input: values });
        toast({ title: 'Location updated', description: `${values.name} was saved.` });
      } else {
        await create.mutateAsync(values);
        toast({ title: 'Location added', description: `${values.name} is ready to collect reviews.` });
      }
      onDone();
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <RegisteredFormField form={form} name="name" id="location-name" label="Location name">
        <Input autoComplete="off" placeholder="Main Street" />
      </RegisteredFormField>
      <RegisteredFormField form={form} name="address" id="location-address" label="Address">
        <Input autoComplete="street-address" placeholder="1 Main Street, Springfield" />
      </RegisteredFormField>
      <RegisteredFormField
        form={form}
        name="googleReviewUrl"
        id="location-google-url"
        label="Google review link"
        description="From your Google Business Profile: 'Ask for reviews'."
      >
        <Input type="url" inputMode="url" placeholder="https://g.page/r/..." />
      </RegisteredFormField>
      <RegisteredFormField
        form={form}
        name="facebookPageUrl"
        id="location-facebook-url"
        label="Facebook page link"
      >
        <Input type="url" inputMode="url" placeholder="https://www.facebook.com/yourpage/reviews" />
      </RegisteredFormField>
      <RegisteredFormField
        form={form}
        name="googlePlaceId"
        id="location-place-id"
        label="Google Place ID (optional)"
      >
        <Input autoComplete="off" placeholder="ChIJ..." />
      </RegisteredFormField>
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <FormField
            id="location-time-zone"
            label="Time zone (optional)"
            error={errors.timeZone?.message}
            description="Review requests never reach this location's customers at night in this time zone."
          >
            <TimeZoneInput
              value={(field.value as string | null | undefined) ?? ''}
              onChange={field.onChange}
            />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="defaultLanguage"
        render={({ field }) => (
          <FormField
            id="location-language"
            label="Customers' language (optional)"
            error={errors.defaultLanguage?.message}
            description="Messages and the review page use it for customers whose contact names no language. Unset: each customer's browser language."
          >
            <LanguageSelect
              value={field.value}
              onChange={field.onChange}
              emptyLabel="Each customer's browser language"
            />
          </FormField>
        )}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} pendingLabel="Saving…">
          {location ? 'Save changes' : 'Add location'}
        </Button>
      </DialogFooter>
    </form>
  );
}
