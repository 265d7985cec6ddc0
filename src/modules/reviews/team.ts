/**
 * Who may not review a bot: its own team. Today that is the bot's `owners`; once teams exist
 * (issue 31) this one function asks for team membership instead, and nothing else changes.
 */
export function isOnBotTeam(bot: { owners: readonly string[] }, userId: string): boolean {
  return bot.owners.includes(userId);
}
