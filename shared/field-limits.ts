// Upper bounds the spec leaves open for a person's name and email, wherever one is typed (users, contacts):
// they keep hashing and storage bounded. Without zod, for the screens (shared/schemas/auth.ts exports them too).
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
