export { CreateReviewRequestDialog } from './create-review-request-dialog';
export { QrCodeDialog } from './qr-code-dialog';
export { ChannelModeNote } from './channel-mode-note';
export { CopyLinkButton } from './copy-link-button';
export { downloadDataUrl } from './download';
export { useContacts, type ContactOption } from './api/get-contacts';
export { GenerateLinkDialog } from './generate-link-dialog';
