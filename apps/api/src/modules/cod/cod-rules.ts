import {
  type CheckoutCod,
  type CodSettings,
  codNeedsConfirmation,
  codPlaceProblem,
  codProblem,
  type codSettingsBody,
  confirmAbovePaise,
  confirmModeOf,
  paiseToRupees,
  rupeesToPaise,
} from '@haat/contracts';
import { type Tx, withStore } from '@haat/db';
import type { z } from 'zod';
import { changedFields, recordAudit } from '../../lib/audit.ts';
import { type Deps, forgetStorefront } from '../../lib/deps.ts';
import { badRequest } from '../../lib/errors.ts';
import type { Actor } from '../../plugins/auth.ts';

import type { StoreRow } from '../stores/index.ts';
import * as repo from './cod.repository.ts';

type CodSettingsInput = z.output<typeof codSettingsBody>;

/** What a shop without COD rules has: no limits, nowhere blocked, no fee, no confirmation, 24 hours. */
const NO_RULES: repo.CodRules = {
  paymentMethods: ['COD'],
  minPaise: null,
  maxPaise: null,
  blockedPins: [],
  blockedStates: [],
  feePaise: 0,
  confirmAbovePaise: null,
  confirmHours: 24,
};

export const codRulesOf = async (tx: Tx) => (await repo.findCodRules(tx)) ?? NO_RULES;
/** The rules of a settings row already read (none: a shop without one takes COD without rules). */
const rulesOfRow = (row: StoreSettingsRow | null) => (row ? repo.codRulesFrom(row) : NO_RULES);
type StoreSettingsRow = Parameters<typeof repo.codRulesFrom>[0];

const rupeesOrNull = (paise: number | null) => (paise === null ? null : paiseToRupees(paise));

function toSettings(r: repo.CodRules): CodSettings {
  return {
    enabled: r.paymentMethods.includes('COD'),
    min_order: rupeesOrNull(r.minPaise),
    max_order: rupeesOrNull(r.maxPaise),
    blocked_pins: r.blockedPins,
    blocked_states: r.blockedStates,
    fee: paiseToRupees(r.feePaise),
    confirm_mode: confirmModeOf(r.confirmAbovePaise),
    confirm_above: r.confirmAbovePaise ? paiseToRupees(r.confirmAbovePaise) : null,
    confirm_hours: r.confirmHours,
  };
}

export const getCodSettings = (deps: Deps, store: StoreRow) =>
  withStore(deps.db, store.id, async (tx) => toSettings(await codRulesOf(tx)));

/** Saves the COD rules as a whole, audited with what changed (a long PIN list is summarised by its count). */
export async function saveCodSettings(deps: Deps, actor: Actor, store: StoreRow, b: CodSettingsInput) {
  const saved = await withStore(deps.db, store.id, async (tx) => {
    const before = await codRulesOf(tx);
    const next: repo.CodRulesValues = {
      minPaise: b.min_order === null ? null : rupeesToPaise(b.min_order),
      maxPaise: b.max_order === null ? null : rupeesToPaise(b.max_order),
      blockedPins: b.blocked_pins,
      blockedStates: b.blocked_states,
      feePaise: rupeesToPaise(b.fee),
      confirmAbovePaise: confirmAbovePaise(b.confirm_mode, b.confirm_above),
      confirmHours: b.confirm_hours,
    };
    if (next.confirmAbovePaise === 0 && b.confirm_mode === 'ABOVE') {
      const message = 'Enter a value above ₹0, or choose every COD order';
      throw badRequest(message, [{ path: 'confirm_above', message }]);
    }
    await repo.saveCodRules(tx, store.id, next);
    const after = await codRulesOf(tx);
    const audited = (r: repo.CodRules) => ({
      ...toSettings(r),
      blocked_pins: `${r.blockedPins.length} PIN codes`,
    });
    const diff = changedFields(audited(before), audited(after));
    if (diff.changed.length) {
      await recordAudit(
        tx,
        store.id,
        { userId: actor.userId },
        {
          entity: 'SETTINGS',
          entityId: 'cash-on-delivery',
          action: 'UPDATE',
          summary: `Changed cash on delivery: ${diff.changed.join(', ')}`,
          before: diff.before,
          after: diff.after,
        },
      );
    }
    return toSettings(after);
  });
  forgetStorefront(deps, store);
  return saved;
}

/**
 * COD as checkout shows it to this customer: the rules of the shop's settings row (read by checkout anyway), and
 * which of the customer's addresses are blocked and why; null when the shop does not take COD.
 */
export function checkoutCod(
  settings: StoreSettingsRow | null,
  prepay: boolean,
  addresses: { id: string; postalCode: string; state: string }[],
): CheckoutCod | null {
  const rules = rulesOfRow(settings);
  if (!rules.paymentMethods.includes('COD')) return null;
  return codView(rules, prepay, addresses);
}

function codView(
  rules: repo.CodRules,
  prepay: boolean,
  addresses: { id: string; postalCode: string; state: string }[],
): CheckoutCod {
  const address_blocks = [];
  for (const a of addresses) {
    const reason = codPlaceProblem(rules, a.postalCode, a.state);
    if (reason) address_blocks.push({ address_id: a.id, reason });
  }
  return {
    fee: paiseToRupees(rules.feePaise),
    min_order: rupeesOrNull(rules.minPaise),
    max_order: rupeesOrNull(rules.maxPaise),
    confirm_above: rupeesOrNull(rules.confirmAbovePaise),
    confirm_hours: rules.confirmHours,
    prepayment_required: prepay,
    address_blocks,
  };
}

export interface CodTerms {
  feePaise: number;
  /** Set when the customer must confirm the order by then. */
  confirmBy: Date | null;
}

/**
 * The COD terms of an order being placed, by the same rules checkout showed: refused (400 naming
 * payment_option, with the reason) when COD is not offered for this customer, address or value.
 */
export function codTerms(
  settings: StoreSettingsRow | null,
  prepay: boolean,
  address: { id: string; postalCode: string; state: string },
  orderPaise: number,
  now: Date,
): CodTerms {
  const rules = rulesOfRow(settings);
  const problem = codProblem(codView(rules, prepay, [address]), address.id, orderPaise);
  if (problem) throw badRequest(problem, [{ path: 'payment_option', message: problem }]);
  const total = orderPaise + rules.feePaise;
  const confirm = codNeedsConfirmation(rupeesOrNull(rules.confirmAbovePaise), total);
  return {
    feePaise: rules.feePaise,
    confirmBy: confirm ? new Date(now.getTime() + rules.confirmHours * 3_600_000) : null,
  };
}
