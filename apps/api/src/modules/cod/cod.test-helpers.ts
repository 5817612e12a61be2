import type { CodSettingsBody } from '@haat/contracts';

/** COD settings with no rule: any order, PIN code and state, no fee, no confirmation. */
export const NO_COD_RULES: CodSettingsBody = {
  min_order: null,
  max_order: null,
  blocked_pins: [],
  blocked_states: [],
  fee: 0,
  confirm_mode: 'OFF',
  confirm_above: null,
  confirm_hours: 24,
};
