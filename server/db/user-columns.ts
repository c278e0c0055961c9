import { users } from './schema';

/** Who an account is, as an email to it or the support view names it (never its password hash or tokens). */
export const userIdentityColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  companyName: users.companyName,
  role: users.role,
};
