import { users } from "./schema.ts";

/** A user as the app shows the signed-in user (SessionUser): no password, no timestamps. */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  profileImageUrl: users.profileImageUrl,
  isAdmin: users.isAdmin,
  studyEdition: users.studyEdition,
};
