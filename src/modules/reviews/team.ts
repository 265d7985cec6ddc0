/** Who may not review a bot: anyone on its team, whatever the role (they would rate their own work). */
import type { Queryable } from '../../db/index.js';
import { teamRepository } from '../teams/repository.js';

export async function isOnBotTeam(db: Queryable, botId: string, userId: string): Promise<boolean> {
  return (await teamRepository.roleOf(db, botId, userId)) !== undefined;
}
