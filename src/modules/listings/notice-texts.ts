/**
 * The e-mail telling an owner what a moderator decided. We do not know which language the owner
 * reads, so it is written in English and German, one after the other.
 */
import type { Lang } from '../../lib/langs.js';

export interface Decision {
  /** The transition made (lifecycle.ts). */
  transition: string;
  /** About an edit of the approved listing (which stayed public). */
  edit: boolean;
  botName: string;
  note: string | null;
  /** Where the owner manages the listing. */
  dashboardUrl: string;
}

const TEXTS: Record<Lang, { what(d: Decision): string; note: string; manage: string }> = {
  en: {
    what: (d) => {
      const subject = d.edit ? `Your edit of the listing of ${d.botName}` : `The listing of ${d.botName}`;
      switch (d.transition) {
        case 'approve':
          return `${subject} was approved and is public now.`;
        case 'request_changes':
          return `${subject} needs changes before it can be approved.`;
        case 'deny':
          return d.edit ? `${subject} was not accepted; the listing stays as it was.` : `${subject} was denied.`;
        case 'remove':
          return `${subject} was removed from the directory.`;
        case 'publish':
          return `${subject} was published by the operator.`;
        case 'unlist':
          return `${subject} was taken out of view by the operator.`;
        default:
          return `${subject} changed: ${d.transition}.`;
      }
    },
    note: "The moderator's note:",
    manage: 'Manage your listing:',
  },
  de: {
    what: (d) => {
      const subject = d.edit ? `Deine Änderung am Eintrag von ${d.botName}` : `Der Eintrag von ${d.botName}`;
      switch (d.transition) {
        case 'approve':
          return `${subject} wurde angenommen und ist jetzt öffentlich.`;
        case 'request_changes':
          return `${subject} braucht Änderungen, bevor ${d.edit ? 'sie' : 'er'} angenommen werden kann.`;
        case 'deny':
          return d.edit ? `${subject} wurde nicht angenommen; der Eintrag bleibt, wie er war.` : `${subject} wurde abgelehnt.`;
        case 'remove':
          return `${subject} wurde aus dem Verzeichnis entfernt.`;
        case 'publish':
          return `${subject} wurde vom Betreiber veröffentlicht.`;
        case 'unlist':
          return `${subject} wurde vom Betreiber ausgeblendet.`;
        default:
          return `${subject} hat sich geändert: ${d.transition}.`;
      }
    },
    note: 'Die Notiz der Moderation:',
    manage: 'Deinen Eintrag verwalten:',
  },
};

const SUBJECTS: Record<Lang, (d: Decision) => string> = {
  en: (d) => `${d.botName}: ${d.edit ? 'your edit' : 'your listing'} (${d.transition.replace('_', ' ')})`,
  de: (d) => `${d.botName}: ${d.edit ? 'deine Änderung' : 'dein Eintrag'}`,
};

export function decisionEmail(d: Decision): { subject: string; text: string } {
  const part = (lang: Lang) =>
    [TEXTS[lang].what(d), d.note ? `\n${TEXTS[lang].note}\n${d.note}` : '', `\n${TEXTS[lang].manage} ${d.dashboardUrl}`].join('\n');
  return { subject: `${SUBJECTS.en(d)} / ${SUBJECTS.de(d)}`, text: `${part('en')}\n\n---\n\n${part('de')}\n` };
}
