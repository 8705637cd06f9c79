import type { TelephonyConfig } from '../../../config.js';
import type { TelephonyProvider } from '../provider.js';

// SCAFFOLD: replaced by the Twilio provider's work before this lands.
export function twilioProvider(_config: TelephonyConfig): TelephonyProvider {
  throw new Error('Twilio is not built yet');
}
