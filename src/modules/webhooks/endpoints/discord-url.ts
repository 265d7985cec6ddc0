/**
 * Discord channel webhooks as endpoints: recognising their URLs (a Discord URL gets Discord
 * messages, ../delivery/discord.ts), and hiding their token wherever a URL is shown or logged.
 */

/** Hosts that serve Discord's webhook API (the stable, PTB and canary clients, and the old domain). */
export const DISCORD_HOSTS = new Set([
  'discord.com',
  'ptb.discord.com',
  'canary.discord.com',
  'discordapp.com',
  'ptb.discordapp.com',
  'canary.discordapp.com',
]);
const DISCORD_PATH = /^\/api(?:\/v\d+)?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{1,200})\/?$/;

/** Whether the URL is a Discord channel webhook (https on one of DISCORD_HOSTS). */
export function isDiscordWebhookUrl(input: string): boolean {
  try {
    const url = new URL(input);
    return url.protocol === 'https:' && DISCORD_HOSTS.has(url.hostname.toLowerCase()) && DISCORD_PATH.test(url.pathname);
  } catch {
    return false;
  }
}

/** The URL with a Discord webhook's token hidden: the token alone lets anyone post to the channel. */
export function redactUrl(input: string): string {
  try {
    const url = new URL(input);
    const match = DISCORD_PATH.exec(url.pathname);
    if (!match) return input;
    url.pathname = url.pathname.replace(`/${match[2]}`, '/***');
    url.search = '';
    return url.toString();
  } catch {
    return input;
  }
}
