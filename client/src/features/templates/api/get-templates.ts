/** The template list is shared with the review request dialog, which picks from it. */
export { getTemplatesQueryOptions, useTemplates } from '@/components/review-requests/api/get-templates';
