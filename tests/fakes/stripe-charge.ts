import type { FakePaymentIntent } from './stripe';

type Json = Record<string, unknown>;

/**
 * The Charge of a succeeded PaymentIntent (docs.stripe.com/api/charges/object), as `charge.refunded`
 * carries it: `amount_refunded` so far, and `refunded` true only when all of it is back (a partial
 * refund leaves it false). Since API version 2022-11-15 the `refunds` list is not included.
 */
export function chargeOf(intent: FakePaymentIntent, chargeId: string, amountRefunded: number): Json {
  return {
    id: chargeId,
    object: 'charge',
    amount: intent.amount_received,
    amount_captured: intent.amount_received,
    amount_refunded: amountRefunded,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { address: null, email: null, name: 'Jenny Rosen', phone: null, tax_id: null },
    calculated_statement_descriptor: 'BOTBUILDER',
    captured: true,
    created: intent.created,
    currency: intent.currency,
    customer: intent.customer,
    description: intent.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: null,
    failure_message: null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: {
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      type: 'authorized',
    },
    paid: true,
    payment_intent: intent.id,
    payment_method: intent.payment_method,
    receipt_email: intent.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: amountRefunded >= intent.amount_received,
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}
