import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { openClientSession, type PartnerClient } from '../../api/partner';
import { useProfileActions } from '../../api/profile';
import { switchToClientAccount } from '../../api/session';
import { notifyError } from '../../components/notify';
import { PATHS } from '../../routes/paths';

/**
 * "Войти в аккаунт" (SPEC §4): the server opens a session of the client's account, the partner's
 * own token is kept as tokenPartner, and the app goes on as the client, starting at the bots.
 */
export function useEnterClient() {
  const navigate = useNavigate();
  const { reloadAll } = useProfileActions();
  const [entering, setEntering] = useState<string | null>(null);

  const enter = async (client: PartnerClient) => {
    setEntering(client.id);
    try {
      const session = await openClientSession(client.id);
      switchToClientAccount(session.token);
      navigate(PATHS.bots);
      await reloadAll();
    } catch (error) {
      notifyError(error);
    } finally {
      setEntering(null);
    }
  };

  return { entering, enter };
}
