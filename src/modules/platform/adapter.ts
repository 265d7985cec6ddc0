/**
 * What the directory asks the chat platform about an application when an owner adds a bot: its
 * public name and icon, and, where the platform tells, whether the person adding it owns it. One
 * implementation per platform (discord.ts); the tests and the demo run Discord's against a stand-in
 * on this machine (scripts/platform-stand-in.ts).
 */

/** An application as the platform shows it to anyone. */
export interface PlatformApplication {
  id: string;
  name: string;
  /** An https image: the application's icon, or the platform's default avatar for it. */
  iconUrl: string;
  /** The application's own description (may be empty). */
  description: string;
  /** Whether it has a bot user (an application without one cannot be invited to a server). */
  isBot: boolean;
}

/**
 * - `found`: the application, and whether the platform confirmed (`confirmed`), denied (`refuted`)
 *   or cannot tell (`unchecked`: the moderator checks) that the user owns it;
 * - `user`: the ID is a user account's, not an application's;
 * - `unknown`: no application has this ID (nor, as far as the platform says, a user).
 */
export type ApplicationLookup =
  | { kind: 'found'; application: PlatformApplication; ownership: 'confirmed' | 'refuted' | 'unchecked' }
  | { kind: 'user' }
  | { kind: 'unknown' };

export interface PlatformAdapter {
  /**
   * Looks the application up for `userId`, who is adding it. Throws a 503 AppError when the
   * platform does not answer usefully (down, slow, rate-limited): a retry may work.
   */
  lookup(applicationId: string, userId: string): Promise<ApplicationLookup>;
  /** The address that invites the application's bot to a server. */
  inviteUrl(applicationId: string): string;
}
