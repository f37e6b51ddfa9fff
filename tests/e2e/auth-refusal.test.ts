import { describe, expect, it } from 'vitest';
import { newRussianPage } from './support/browser';
import { stageServerAndBrowser } from './support/stage';
import { seen } from './support/ui';

const stage = stageServerAndBrowser();

describe('sign-in refusals', () => {
  it('checks the form in the browser first, then shows the server message for a wrong password', async () => {
    const email = `boris-${Date.now()}@example.com`;
    const registered = await fetch(`${stage.server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'ru' },
      body: JSON.stringify({
        name: 'Борис',
        email,
        phone: '79991112233',
        password: 'right-pass-1',
        password_confirmation: 'right-pass-1',
        currency: 'rub',
        language: 'ru',
      }),
    });
    expect(registered.status).toBe(201);

    const { context, page } = await newRussianPage(stage.browser, stage.server.url);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) logins.push(request.method());
    });

    await page.goto('/signin');
    const signIn = page.getByRole('button', { name: 'Войти' });
    await signIn.click();
    await seen(page.getByText('Необходимо заполнить Email'));
    await seen(page.getByText('Необходимо заполнить пароль'));
    expect(logins).toEqual([]);

    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Пароль', { exact: true }).fill('wrong-pass-1');
    await signIn.click();
    const refusal = await seen(page.getByRole('alert'));
    expect(await refusal.textContent()).toContain('Неверный Email или пароль');
    expect(logins).toEqual(['POST']);
    expect(new URL(page.url()).pathname).toBe('/signin');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();

    await context.close();
  });
});
