// What a click's user agent says: browser, operating system, device type (ua-parser-js 1.x, MIT; the
// 2.x line is AGPL), whether a bot made the request (isbot) and whether that bot is a link-preview
// fetcher (the apps that draw a card for a link pasted in a chat or post: a preview is not a visit).
// Called by the click buffer's write (clicks.ts), never on the redirect's request. Parsing costs tens
// of microseconds, so the answers of the last user agents seen are kept.
import { isbot } from 'isbot';
import { UAParser } from 'ua-parser-js';

export interface AgentInfo {
  navegador: string | null;
  sistema: string | null;
  /** mobile, tablet, desktop, smarttv, console, wearable, embedded or bot. */
  dispositivo: string;
  bot: boolean;
  preview: boolean;
}

/** Link-preview fetchers of chat apps and social networks (search crawlers are bots, not previews). */
const PREVIEW =
  /whatsapp|facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|slackbot|slack-imgproxy|telegrambot|linkedinbot|discordbot|skypeuripreview|microsoftpreview|teams|pinterest|redditbot|embedly|iframely|vkshare|viber|line-poker|snapchat|bingpreview|mastodon|tumblr/i;

const CACHE_SIZE = 500;
const cache = new Map<string, AgentInfo>();

const MAX_LENGTH = 512;

export function classifyAgent(raw: string | undefined): AgentInfo {
  const ua = (raw ?? '').slice(0, MAX_LENGTH);
  const hit = cache.get(ua);
  if (hit) return hit;
  const info = parse(ua);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(ua, info);
  return info;
}

function parse(ua: string): AgentInfo {
  // No user agent at all is a script's request, not a person's browser.
  const bot = !ua || isbot(ua);
  const preview = bot && PREVIEW.test(ua);
  const result = new UAParser(ua).getResult();
  return {
    navegador: result.browser.name ?? null,
    sistema: result.os.name ?? null,
    dispositivo: bot ? 'bot' : (result.device.type ?? 'desktop'),
    bot,
    preview,
  };
}
