// Settings → Webhooks' words (namespace 'webhooks', decision 019 and 064), in English, Hindi and Marathi.
import type { WebhookDeliveryState, WebhookEndpointStatus, WebhookEventType } from '@tdk/api/contract/webhooks';
import { registerCatalogues, useT, type Translate } from '@tdk/shared-ui';
import en from './i18n/en.json';

registerCatalogues('webhooks', {
  en,
  hi: () => import(/* webpackChunkName: "i18n-webhooks-hi" */ './i18n/hi.json'),
  mr: () => import(/* webpackChunkName: "i18n-webhooks-mr" */ './i18n/mr.json'),
});

export const useWebhooksT = (): Translate => useT('webhooks');

/** Each event type as the console names it. */
export const eventLabel = (t: Translate, type: WebhookEventType): string =>
  ({
    'order.paid': t('event.order.paid'),
    'order.refunded': t('event.order.refunded'),
    'attendee.updated': t('event.attendee.updated'),
    'check-in.created': t('event.check-in.created'),
    'event.updated': t('event.event.updated'),
    'order.cancelled': t('event.order.cancelled'),
    'attendee.created': t('event.attendee.created'),
    'attendee.transferred': t('event.attendee.transferred'),
    'attendee.cancelled': t('event.attendee.cancelled'),
    'event.published': t('event.event.published'),
    'event.postponed': t('event.event.postponed'),
    'event.cancelled': t('event.event.cancelled'),
    'results.published': t('event.results.published'),
  })[type];

export const statusLabel = (t: Translate, status: WebhookEndpointStatus): string =>
  ({ active: t('status.active'), disabled: t('status.disabled'), failing: t('status.failing') })[status];

export const stateLabel = (t: Translate, state: WebhookDeliveryState): string =>
  ({ pending: t('log.state.pending'), succeeded: t('log.state.succeeded'), failed: t('log.state.failed') })[state];
