import { SecretUnreadable } from '../../secrets/secret-box';
import { whatsappPhone } from '../../shared/whatsapp-cloud';
import { type IntegrationModule, webhookUrl } from '../module';
import { graphClientOf, phoneNumberIdOf, verifyTokenFor, wabaIdOf, wabaUsedElsewhere } from './account';
import { GraphError } from './client';

/**
 * Connecting the owner's own Meta app (reference/whatsapp-cloud.md §1.3 model A). GET
 * /{phone-number-id} checks the token, the app secret (its appsecret_proof) and that the token
 * reaches the number; POST /{waba-id}/subscribed_apps gives the app the WABA's webhooks. The owner
 * then pastes the webhook address and the verify token made here into the app's WhatsApp ›
 * Configuration; Meta checks them with the GET handshake (handshake.ts). The verify token is the
 * same on every connection of the integration, so connecting again undoes nothing the owner pasted.
 */

const failure = (reason: string) => ({ ok: false as const, reason });

export const whatsappConnection: Pick<IntegrationModule, 'connect' | 'disconnect'> = {
  async connect(integration, ctx) {
    let client: Awaited<ReturnType<typeof graphClientOf>>;
    try {
      client = await graphClientOf(ctx.settings, integration);
    } catch (error) {
      if (error instanceof SecretUnreadable) return failure(error.message);
      throw error;
    }
    const phoneNumberId = phoneNumberIdOf(integration);
    const wabaId = wabaIdOf(integration);
    if (!client || !phoneNumberId || !wabaId)
      return failure('no token, app secret, phone number id or WABA id of the right shape');
    try {
      const number = await client.phoneNumber(phoneNumberId);
      await client.subscribeApp(wabaId);
      return {
        ok: true,
        integrationAccountId: number.displayPhoneNumber
          ? whatsappPhone(number.displayPhoneNumber)
          : (number.verifiedName ?? phoneNumberId),
        connectionData: {
          display_phone_number: number.displayPhoneNumber,
          verified_name: number.verifiedName,
          verify_token: verifyTokenFor(ctx.settings, integration),
          webhook_url: webhookUrl(ctx.settings, integration),
        },
      };
    } catch (error) {
      if (error instanceof GraphError) return failure(error.message);
      throw error;
    }
  },

  /** Takes the app's subscription to the WABA back, unless another connected integration names the WABA. */
  async disconnect(integration, ctx) {
    const client = await graphClientOf(ctx.settings, integration);
    const wabaId = wabaIdOf(integration);
    if (!client || !wabaId || (await wabaUsedElsewhere(ctx, integration))) return;
    await client.unsubscribeApp(wabaId);
  },
};
