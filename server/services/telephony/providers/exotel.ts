import type { TelephonyConfig } from '../../../config.js';
import type { TelephonyProvider } from '../provider.js';

// SCAFFOLD: replaced by the Exotel provider's work before this lands.
export function exotelProvider(_config: TelephonyConfig): TelephonyProvider {
  throw new Error('Exotel is not built yet');
}
