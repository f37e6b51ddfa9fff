import { useNavigate } from 'react-router-dom';
import { useProfileActions } from '../../api/profile';
import { switchBackToPartner } from '../../api/session';
import { PATHS } from '../../routes/paths';

/** Back from a client's account (SPEC §4): the kept partner token is current again, at the cabinet. */
export function useBackToPartner(after?: () => void) {
  const navigate = useNavigate();
  const { reloadAll } = useProfileActions();
  return async () => {
    if (!switchBackToPartner()) return;
    after?.();
    navigate(PATHS.partner);
    await reloadAll();
  };
}
