/** The part of saxen's parser used to read DOCX (the package ships no types). */
declare module 'saxen' {
  export class Parser {
    on(
      event: 'openTag',
      handler: (
        name: string,
        attrs: () => Record<string, string>,
        decode: (s: string) => string,
        selfClosing: boolean,
      ) => void,
    ): this;
    on(event: 'closeTag', handler: (name: string) => void): this;
    on(event: 'text', handler: (value: string, decode: (s: string) => string) => void): this;
    on(event: 'error', handler: (error: Error) => void): this;
    parse(xml: string): this;
  }
}
