import type { walk as ru } from '../ru/walk';

/** The short guided walk over the main places after the onboarding questions (SPEC §1, §2). */
export const walk: Record<keyof typeof ru, string> = {
  'walk.label': 'A tour of the sections',
  'walk.progress': 'Step {step} of {total}',
  'walk.skip': 'Skip',
  'walk.done': 'Done',
  'walk.bots':
    'Your bots live here. Create one by hand or from a template for your industry, then set its prompt, knowledge and actions.',
  'walk.check':
    'Talk to a bot as a customer would and see how it answers before you switch it on in your channels.',
  'walk.integrations':
    'Connect messengers, CRMs and the website widget: the bot answers customers and runs its actions there.',
  'walk.chats':
    'Every conversation with customers in one place: pause the bot and answer yourself when you need to.',
  'walk.balance': 'Top up the balance, buy subscriptions for bots and integrations, and see every operation.',
};
