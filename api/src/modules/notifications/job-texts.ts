// A fan-out job's texts: rendered once per job, in every language and channel, from the admin's templates or the
// built-in texts, filled with the event's values. Later batches send the texts kept on the job.
import type { AppConfig } from '../../config';
import { readTimeZone } from '../organisation/organisation-service';
import type { MonthlyBy, RecurrenceFrequency } from '../../../../shared/constants';
import type { Language } from '../../../../shared/i18n/languages';
import type * as outbox from './outbox-repository';
import type * as jobs from './jobs-repository';
import * as recipientData from './recipients-repository';
import { renderAll, type RenderedTexts } from './recipient-texts';
import { renderRsvpDigest } from './organiser-texts';
import { formatMoney } from '../../../../shared/money';
import { renderHoldExpired, renderPromotedHeld } from './hold-texts';
import {
  chooseTemplate,
  describeUpdate,
  formatEventDate,
  isEventChange,
  renderMessage,
  seriesUpdate,
  templateTypeOf,
  withRepeats,
  type EventChange,
  type MessageKind,
  type TemplateValues,
} from './templates';
/** updateType belongs to 'event updated' messages only; elsewhere it stays empty rather than invent a change. */
function valuesOf(
  event: recipientData.EventForMessage,
  zone: string,
  changes: EventChange[] | null,
  language: Language,
): TemplateValues {
  return {
    eventName: event.name,
    eventDate: formatEventDate(event.date, zone, language),
    eventLocation: event.location,
    updateType: changes === null ? '' : describeUpdate(changes, language),
  };
}

/**
 * Once per job: the texts of every language and channel, from the admin's templates (chooseTemplate: the
 * recipient's language, else the organisation's) or the built-in texts, filled with the event's values.
 */
export async function renderJobTexts(
  config: AppConfig,
  db: outbox.Db,
  job: jobs.JobRow,
  event: recipientData.EventForMessage,
  organisation: Language,
): Promise<RenderedTexts> {
  const kind = job.kind as MessageKind;
  const link = config.publicUrl ? `${config.publicUrl}/events/${event.id}` : undefined;
  if (kind === 'rsvp_digest') {
    const counts = await recipientData.rsvpCounts(db, event.id);
    return renderAll((language) => renderRsvpDigest({ eventName: event.name }, counts, link, language));
  }
  if (kind === 'promoted_held' || kind === 'payment_hold_expired') {
    const zone = event.timeZone ?? (await readTimeZone(config, db));
    // A held promotion's job is versioned by the hold's deadline (outbox-triggers.ts queuePromoted).
    const dueBy = kind === 'promoted_held' ? new Date(Number(job.keyVersion)) : null;
    const { feeAmount, feeCurrency } = event;
    return renderAll((language) => {
      const values = {
        eventName: event.name,
        eventDate: formatEventDate(event.date, zone, language),
        dueBy: dueBy && formatEventDate(dueBy, zone, language),
        amount: feeAmount !== null && feeCurrency !== null ? formatMoney(feeAmount, feeCurrency, language) : null,
      };
      return kind === 'promoted_held'
        ? renderPromotedHeld(values, link, language)
        : renderHoldExpired(values, link, language);
    });
  }
  const type = templateTypeOf(kind);
  const [emailTemplates, smsTemplates] = type
    ? await Promise.all([
        recipientData.findTemplateTexts(db, type, 'email'),
        recipientData.findTemplateTexts(db, type, 'sms'),
      ])
    : [{}, {}];
  const zone = event.timeZone ?? (await readTimeZone(config, db));
  const valuesIn = (language: Language) => {
    const values = valuesOf(
      event,
      zone,
      kind === 'event_updated' || kind === 'series_updated' ? job.changedFields.filter(isEventChange) : null,
      language,
    );
    // A series is announced once: its first occurrence's date says how it repeats, whatever the template.
    if (kind === 'event_created' && event.series) {
      const { frequency, monthlyBy } = event.series;
      values.eventDate = withRepeats(
        values.eventDate,
        { frequency: frequency as RecurrenceFrequency, monthlyBy: monthlyBy as MonthlyBy | null },
        language,
      );
    }
    if (kind === 'series_updated') values.updateType = seriesUpdate(values.updateType, language);
    return values;
  };
  return renderAll((language) => {
    const email = chooseTemplate(emailTemplates, language, organisation);
    const sms = chooseTemplate(smsTemplates, language, organisation);
    const smsValues = valuesIn(sms.language);
    return {
      email: renderMessage(kind, 'email', valuesIn(email.language), email.custom, link, email.language),
      sms: renderMessage(kind, 'sms', smsValues, sms.custom, undefined, sms.language),
      telegram: renderMessage(kind, 'telegram', smsValues, sms.custom, undefined, sms.language),
    };
  });
}
