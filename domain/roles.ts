/** What an account may do: every account is a `user`; an `admin` also runs the club's back office. */
export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];
