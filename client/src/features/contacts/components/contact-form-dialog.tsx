import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
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
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { LanguageSelect } from '@/components/ui/language-select';
import { TimeZoneInput } from '@/components/ui/time-zone-input';
import { toast } from '@/components/ui/use-toast';
import { isApiError } from '@/lib/api-client';
import { fieldError } from '@/lib/form-errors';
import { notifyError } from '@/components/ui/notify-error';
import { formatPhone } from '@shared/phone';
import { OPT_IN_REASON_MAX, type Contact } from '@shared/contacts';
import { ContactFormSchema, type ContactFormInput, type ContactFormValues } from '@shared/schemas/contacts';
import { CHANNELS } from '@shared/domain';

import { useCreateContact } from '../api/create-contact';
import { useUpdateContact } from '../api/update-contact';
import { ConsentRecord } from './consent-record';
import { ContactTimeline } from './contact-timeline';
import { CHANNEL_LABELS } from './opt-out-badges';
import { TagInput } from './tag-input';

interface ContactFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The contact to edit; absent to add one. */
  contact?: Contact | null;
}

function defaultsFor(contact?: Contact | null): ContactFormInput {
  return {
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ? formatPhone(contact.phone) : '',
    tags: contact?.tags ?? [],
    timeZone: contact?.timeZone ?? '',
    language: contact?.language ?? '',
    optedOut: {
      email: Boolean(contact?.optedOut.email),
      sms: Boolean(contact?.optedOut.sms),
      whatsapp: Boolean(contact?.optedOut.whatsapp),
    },
  };
}

export function ContactFormDialog({ open, onOpenChange, contact }: ContactFormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{contact ? 'Edit contact' : 'Add contact'}</DialogTitle>
          <DialogDescription>
            An email, a phone number or both: requests go out on the channel you pick.
          </DialogDescription>
        </DialogHeader>
        {open ? <ContactForm contact={contact} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

export function ContactForm({ contact, onDone }: { contact?: Contact | null; onDone: () => void }) {
  const create = useCreateContact();
  const update = useUpdateContact();
  const pending = create.isPending || update.isPending;
  const form = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ContactFormSchema),
    defaultValues: defaultsFor(contact),
  });
  const { errors } = form.formState;
  /** Set when re-subscribing someone who opted out themselves: the server asks for a recorded reason. */
  const [reasonAsked, setReasonAsked] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  useEffect(() => form.reset(defaultsFor(contact)), [contact, form]);

  async function onSubmit(values: ContactFormValues) {
    if (reasonAsked && !reason.trim()) {
      setReasonError('Please say why this person may be contacted again');
      return;
    }
    try {
      if (contact) {
        await update.mutateAsync({
          id: contact.id,
          input: { ...values, ...(reasonAsked ? { optInReason: reason.trim() } : {}) },
        });
        toast({ title: 'Contact updated', description: `${values.name} was saved.` });
      } else {
        await create.mutateAsync(values);
        toast({ title: 'Contact added', description: `${values.name} was added to your contacts.` });
      }
      onDone();
    } catch (error) {
      // A duplicate email or phone is shown on its field; anything else as the error toast.
      if (isApiError(error) && error.code === 'opt_in_reason_required') {
        setReasonAsked(error.message);
        return;
      }
      const taken = fieldError(error, { email_taken: 'email', phone_taken: 'phone' } as const);
      if (taken) {
        form.setError(taken.field, { message: taken.message });
        return;
      }
      notifyError(error);
    }
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4">
      <RegisteredFormField form={form} name="name" id="contact-name" label="Name">
        <Input autoComplete="off" placeholder="Jordan Lee" />
      </RegisteredFormField>
      <RegisteredFormField form={form} name="email" id="contact-email" label="Email">
        <Input type="email" inputMode="email" autoComplete="off" placeholder="jordan@example.com" />
      </RegisteredFormField>
      <RegisteredFormField
        form={form}
        name="phone"
        id="contact-phone"
        label="Phone"
        description="With its country code, e.g. +44 7911 123456 (numbers without one are read as US)."
      >
        <Input type="tel" inputMode="tel" autoComplete="off" placeholder="+1 213 373 4253" />
      </RegisteredFormField>
      <Controller
        control={form.control}
        name="tags"
        render={({ field, fieldState }) => (
          <FormField
            id="contact-tags"
            label="Tags"
            error={fieldState.error?.message ?? errors.tags?.root?.message}
          >
            <TagInput value={field.value ?? []} onChange={field.onChange} onBlur={field.onBlur} />
          </FormField>
        )}
      />
      <Controller
        control={form.control}
        name="timeZone"
        render={({ field }) => (
          <FormField
            id="contact-time-zone"
            label="Time zone (optional)"
            error={errors.timeZone?.message}
            description="Requests never reach them at night here. Unknown: their location's, else yours."
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
        name="language"
        render={({ field }) => (
          <FormField
            id="contact-language"
            label="Language (optional)"
            error={errors.language?.message}
            description="Their messages and review page use it. Unset: their location's language, else their browser's."
          >
            <LanguageSelect value={field.value} onChange={field.onChange} emptyLabel="Not set" />
          </FormField>
        )}
      />
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Opted out (never sent to on these channels)</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {CHANNELS.map((channel) => (
            <label key={channel} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                {...form.register(`optedOut.${channel}`)}
              />
              No {CHANNEL_LABELS[channel]}
            </label>
          ))}
        </div>
      </fieldset>
      {reasonAsked ? (
        <FormField
          id="contact-opt-in-reason"
          label="Why may they be contacted again?"
          error={reasonError ?? undefined}
          description={reasonAsked}
        >
          <Textarea
            rows={2}
            maxLength={OPT_IN_REASON_MAX}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            placeholder="They asked us in the shop on 3 March to send them offers again."
          />
        </FormField>
      ) : null}
      {contact ? <ConsentRecord contactId={contact.id} /> : null}
      {contact ? <ContactTimeline contactId={contact.id} /> : null}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" pending={pending} pendingLabel="Saving…">
          {contact ? 'Save changes' : 'Add contact'}
        </Button>
      </DialogFooter>
    </form>
  );
}
