/**
 * How the product names a client: company name, else first name (seed-spec section 1). Its own module, free of
 * zod, so the app's shell shows it without loading the schemas (issue 13); shared/schemas/user.ts re-exports it.
 */
export function displayName(user: { companyName: string; firstName: string }): string {
  return user.companyName.trim() || user.firstName;
}
