import { BOOT_ELEMENT_ID, BOOT_HEADING_ID, type BootData } from '../../protocol/boot';

/** The data the server wrote into this page (protocol/boot.ts); empty where the page came without
 * it (the development server) or it cannot be read, and then screens ask the API as usual. */
const readBoot = (): Partial<BootData> => {
  const text = document.getElementById(BOOT_ELEMENT_ID)?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<BootData>;
  } catch {
    return {};
  }
};

export const boot: Partial<BootData> = readBoot();

/** The heading the server wrote over the screen's bar (server/http/pageShell.ts) goes once the app
 * has drawn its first screen, in the same frame. */
export const dropBootHeading = () => document.getElementById(BOOT_HEADING_ID)?.remove();
