import type { TFunction } from 'i18next';
import type { MyRouting } from '../../../../shared/schemas/routing';
import { formatClock } from '../../lib/format';

/** What routing does for the signed-in telecaller or head now, in words, from the company's settings as the server judged them. */
export function routingText(t: TFunction, routing: MyRouting): string {
  if (!routing.on) return t('myRouting.off');
  const hours = { start: formatClock(routing.workStart), end: formatClock(routing.workEnd) };
  switch (routing.reason) {
    case 'head_not_included':
      return t('myRouting.headsLeftOut');
    case 'blocked':
      return t('myRouting.blocked');
    case 'cap_reached':
      return t('myRouting.capReached');
    case 'day_off':
      return t('myRouting.dayOff', hours);
    case 'outside_hours':
      return t('myRouting.outsideHours', hours);
    default:
      break;
  }
  if (routing.myRules.length) {
    const rules = routing.myRules.map((r) => t(`myRouting.rule.${r.field}.${r.match}`, { value: r.value, field: r.fieldLabel ?? '' })).join(t('myRouting.or'));
    return t('myRouting.receivingByRules', { rules });
  }
  return routing.othersRules ? t('myRouting.receivingExceptOthers') : t('myRouting.receiving');
}
