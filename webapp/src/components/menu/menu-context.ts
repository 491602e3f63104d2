// How a menu item closes its menu; `refocus` puts focus back on the trigger.
import { createContext } from 'react';

export const MenuContext = createContext<(refocus: boolean) => void>(() => {});
