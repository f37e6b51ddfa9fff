import { createContext, useContext } from 'react';

/** Opens and closes the sidebar, which is a drawer on a phone (the onboarding walk points into it). */
export const NavbarControl = createContext<{ open: () => void; close: () => void }>({
  open: () => {},
  close: () => {},
});

export const useNavbarControl = () => useContext(NavbarControl);
