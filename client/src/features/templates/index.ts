/** What other features use of templates: the template list the review request dialog picks from. */
export { useTemplates } from './api/get-templates';
