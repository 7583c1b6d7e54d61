import { createContext, useContext } from 'react';

/**
 * What a signed-in screen asks of the account that the auth feature carries out: log out (with the message a
 * rejection carried) and open Change Password. The app's signed-in layout provides them, so an area's screen
 * needs no import of another feature.
 */
export interface AccountActions {
  logout: (message?: string) => void;
  /** Opens Change Password, which logs out once the password has changed. */
  changePassword: () => void;
}

export const AccountActionsContext = createContext<AccountActions | null>(null);

/** The account actions of the signed-in layout around the screen. */
export function useAccountActions(): AccountActions {
  const actions = useContext(AccountActionsContext);
  if (!actions) throw new Error('account actions are provided by the signed-in layout');
  return actions;
}
