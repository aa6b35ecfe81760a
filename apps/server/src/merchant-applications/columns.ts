import { getTableColumns } from "drizzle-orm";
import { merchantApplications, profiles, userRoles, users } from "../db/schema.js";

const { idDocument: _bytes, ...withoutImage } = getTableColumns(merchantApplications);

/** Every column but the image bytes, which only the document route reads. */
export const applicationColumns = withoutImage;

export const applicantColumns = {
  id: users.id,
  username: profiles.username,
  fullName: users.fullName,
  email: users.email,
  role: userRoles.role,
};
