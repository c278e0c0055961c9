import { toast } from './use-toast';

/**
 * Puts a text on the clipboard and says so in a toast (`copied`); when the browser refuses, the toast asks to
 * copy `what` by hand.
 */
export async function copyText(
  text: string,
  copied: { title: string; description: string },
  what = 'the text',
): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast(copied);
  } catch {
    toast({
      title: 'Copy failed',
      description: `Select ${what} and copy it by hand.`,
      variant: 'destructive',
    });
  }
}
