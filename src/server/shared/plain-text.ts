/**
 * Plain text from user input that may carry HTML: tags, comments and the contents of script and
 * style elements are removed. Entities are left as typed (decoding them could bring a tag back);
 * the app shows the result as text, never as HTML.
 */
export function stripHtml(input: string): string {
  let text = input;
  // Repeat until stable, so nested tricks like '<scr<script>ipt>' leave nothing behind.
  for (let previous = ''; previous !== text; ) {
    previous = text;
    text = text
      .replace(/<!--[\s\S]*?(?:-->|$)/g, '')
      .replace(/<(script|style)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, '')
      .replace(/<\/?[A-Za-z!?][^<>]*>/g, '')
      // An unclosed tag at the end ('<img src=x onerror=…') is a tag too.
      .replace(/<\/?[A-Za-z!?][^<>]*$/g, '');
  }
  return text.trim();
}
