import type { TelephonyProviderId } from '../../../../shared/telephony.js';
import type { TelephonyProvider } from '../provider.js';
import type { TelephonyConfig } from '../../../config.js';
import { exotelProvider } from './exotel.js';
import { twilioProvider } from './twilio.js';

/** Every provider the server can talk to, built with the configured API addresses (docs/telephony.md). */
export function telephonyProviders(config: TelephonyConfig): Record<TelephonyProviderId, TelephonyProvider> {
  return { exotel: exotelProvider(config), twilio: twilioProvider(config) };
}
