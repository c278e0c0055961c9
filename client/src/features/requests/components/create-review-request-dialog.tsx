import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';

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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { useTemplates } from '@/features/templates';
import { LANGUAGE_LABELS } from '@shared/i18n/languages';
import { isApiError } from '@/lib/api-client';
import { upgradeActionFor } from '@/components/ui/notify-error';
import { useTenant } from '@/lib/tenant';
import { CHANNELS, type Channel } from '@shared/domain';
import { METHOD_LABELS } from '@shared/review-requests';
import {
  CreateReviewRequestSchema,
  type CreateReviewRequestForm,
  type CreateReviewRequestInput,
} from '@shared/schemas/review-requests';

import { LocationField } from './location-field';
import { PublicLinkWarning } from './public-link-warning';
import { useChannels } from '../api/get-channels';
import { useContacts } from '../api/get-contacts';
import { useCreateReviewRequest } from '../api/create-review-request';
import { useLastAsked } from '../api/get-last-asked';
import { RecentAskNote } from './recent-ask-note';
import { ChannelModeNote } from './channel-mode-note';
import { QrCodeDialog } from './qr-code-dialog';

interface CreateReviewRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const EMPTY: CreateReviewRequestForm = {
  locationId: '',
  contactId: '',
  method: '' as Channel,
  templateId: undefined,
};

/** The template picker's value for "the channel's default template". */
const DEFAULT_TEMPLATE = 'default';

export interface CreatedRequest {
  id: number;
  method: Channel;
  contactName: string;
  /** No provider for the channel: the message will be kept in the outbox, not sent. */
  outbox: boolean;
}

/** What the dialog after creating says: where the message is going, then the QR code and link. */
function createdRequestText(request: CreatedRequest): { title: string; description: string } {
  const channel = METHOD_LABELS[request.method];
  return request.outbox
    ? {
        title: `${channel} request kept in the outbox`,
        description: `No ${channel} provider is configured, so nothing is sent to ${request.contactName}. Show them this QR code or share the link instead.`,
      }
    : {
        title: `${channel} request queued`,
        description: `We will send it to ${request.contactName} as soon as we can (never at night in their time zone). You can also show them this QR code or share the link.`,
      };
}

/**
 * The review request form (seed-spec sections 4, 5 and 8). On success the lists refresh, the form resets,
 * the dialog closes, and the Generated QR Code dialog opens for the new request.
 */
export function CreateReviewRequestDialog({ open, onOpenChange }: CreateReviewRequestDialogProps) {
  const { routeBase } = useTenant();
  const contacts = useContacts();
  const create = useCreateReviewRequest();
  const templates = useTemplates();
  const channels = useChannels();
  const [created, setCreated] = useState<CreatedRequest | null>(null);
  const [qrOpen, setQrOpen] = useState(false);
  // The contact the owner confirmed asking again inside the ask window, and whether they still must.
  const [confirmedFor, setConfirmedFor] = useState<number | null>(null);
  const [confirmMissing, setConfirmMissing] = useState(false);

  const form = useForm<CreateReviewRequestForm, unknown, CreateReviewRequestInput>({
    resolver: zodResolver(CreateReviewRequestSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const method = form.watch('method') as Channel | '';
  const contactId = Number(form.watch('contactId')) || null;
  const lastAsked = useLastAsked(contactId);
  const recentAsk = contactId !== null ? lastAsked.data : null;
  const confirmed = contactId !== null && confirmedFor === contactId;

  const contactList = contacts.data ?? [];
  const contactsDisabled = contacts.isPending || contactList.length === 0;

  function submit(values: CreateReviewRequestInput) {
    if (recentAsk && !confirmed) {
      setConfirmMissing(true);
      return;
    }
    create.mutate(
      { ...values, ...(confirmed ? { confirmRecentAsk: true } : {}) },
      {
        onSuccess: (request) => {
          toast({
            title: 'Review request created',
            description: 'The review request has been created successfully.',
          });
          form.reset(EMPTY);
          setConfirmedFor(null);
          onOpenChange(false);
          setCreated({
            id: request.id,
            method: values.method,
            contactName: request.contactName ?? 'your customer',
            outbox: channels.data?.[values.method]?.mode === 'outbox',
          });
          setQrOpen(true);
        },
        onError: (error) => {
          // Asked by another tab or person meanwhile: the note shows when, and the owner decides.
          if (isApiError(error) && error.code === 'asked_recently') void lastAsked.refetch();
          toast({
            title: 'Error',
            description: error.message || 'Failed to create review request. Please try again.',
            variant: 'destructive',
            action: upgradeActionFor(error),
          });
        },
      },
    );
  }

  return (
    <>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!next) form.clearErrors();
          onOpenChange(next);
        }}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Send Review Request</DialogTitle>
            <DialogDescription>
              Choose a location, a contact and how to reach them. You get a QR code and link too.
            </DialogDescription>
          </DialogHeader>
          <form noValidate onSubmit={form.handleSubmit(submit)} className="grid gap-4">
            <Controller
              control={form.control}
              name="locationId"
              render={({ field }) => (
                <LocationField
                  id="request-location"
                  value={field.value ? String(field.value) : ''}
                  onValueChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.locationId?.message}
                />
              )}
            />
            <PublicLinkWarning locationId={form.watch('locationId') as string} />

            <FormField
              id="request-contact"
              label="Contact"
              error={errors.contactId?.message}
              description={
                !contacts.isPending && contactList.length === 0 ? (
                  <>
                    No contacts yet.{' '}
                    <Link href={`${routeBase}/contacts`} className="font-medium text-primary underline">
                      Add a contact
                    </Link>
                  </>
                ) : undefined
              }
            >
              <Controller
                control={form.control}
                name="contactId"
                render={({ field }) => (
                  <Select
                    value={field.value ? String(field.value) : ''}
                    onValueChange={field.onChange}
                    disabled={contactsDisabled}
                  >
                    <SelectTrigger
                      id="request-contact"
                      aria-invalid={errors.contactId ? true : undefined}
                      aria-describedby={errors.contactId ? 'request-contact-error' : undefined}
                      onBlur={field.onBlur}
                    >
                      <SelectValue
                        placeholder={contacts.isPending ? 'Loading contacts…' : 'Select a contact'}
                      />
                    </SelectTrigger>
                    <SelectContent>
                      {contactList.map((contact) => (
                        <SelectItem key={contact.id} value={String(contact.id)}>
                          {contact.name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            {recentAsk ? (
              <RecentAskNote
                ask={recentAsk}
                confirmed={confirmed}
                onConfirmedChange={(next) => {
                  setConfirmedFor(next ? contactId : null);
                  setConfirmMissing(false);
                }}
                error={
                  confirmMissing && !confirmed
                    ? 'Tick this to ask them again, or choose another contact.'
                    : undefined
                }
              />
            ) : null}

            <FormField id="request-method" label="Method" error={errors.method?.message}>
              <Controller
                control={form.control}
                name="method"
                render={({ field }) => (
                  <Select value={field.value ?? ''} onValueChange={field.onChange}>
                    <SelectTrigger
                      id="request-method"
                      aria-invalid={errors.method ? true : undefined}
                      aria-describedby={errors.method ? 'request-method-error' : undefined}
                      onBlur={field.onBlur}
                    >
                      <SelectValue placeholder="Select a method" />
                    </SelectTrigger>
                    <SelectContent>
                      {CHANNELS.map((channel) => (
                        <SelectItem key={channel} value={channel}>
                          {METHOD_LABELS[channel]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>

            {method ? (
              <FormField
                id="request-template"
                label="Template"
                description={
                  <>
                    The message your customer gets.{' '}
                    <Link href={`${routeBase}/templates`} className="font-medium text-primary underline">
                      Manage templates
                    </Link>
                  </>
                }
              >
                <Controller
                  control={form.control}
                  name="templateId"
                  render={({ field }) => (
                    <Select
                      value={field.value ? String(field.value) : DEFAULT_TEMPLATE}
                      onValueChange={(value) =>
                        field.onChange(value === DEFAULT_TEMPLATE ? undefined : Number(value))
                      }
                    >
                      <SelectTrigger id="request-template" onBlur={field.onBlur}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={DEFAULT_TEMPLATE}>
                          Default {METHOD_LABELS[method]} template, in the customer&apos;s language
                        </SelectItem>
                        {(templates.data ?? [])
                          .filter((template) => template.channel === method)
                          .map((template) => (
                            <SelectItem key={template.id} value={String(template.id)}>
                              {template.language === 'en'
                                ? template.name
                                : `${template.name} (${LANGUAGE_LABELS[template.language]})`}
                            </SelectItem>
                          ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
            ) : null}

            <ChannelModeNote channel={method || undefined} />

            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" pending={create.isPending} pendingLabel="Sending…">
                Send Request
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
      <QrCodeDialog
        requestId={created?.id ?? null}
        open={qrOpen}
        onOpenChange={setQrOpen}
        {...(created ? createdRequestText(created) : {})}
      />
    </>
  );
}
