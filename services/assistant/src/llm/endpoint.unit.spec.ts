import { describeEndpoint } from './endpoint';

describe('describeEndpoint', () => {
  it('keeps scheme, host, port and path', () => {
    expect(describeEndpoint('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
    expect(describeEndpoint('https://api.openai.com/v1/')).toBe('https://api.openai.com/v1/');
    expect(describeEndpoint('https://llm.example')).toBe('https://llm.example');
  });

  it('drops credentials, query and fragment', () => {
    const shown = describeEndpoint('https://user:s3cret@llm.example:8443/openai/v1?api-key=abc123#x');
    expect(shown).toBe('https://llm.example:8443/openai/v1');
    expect(shown).not.toMatch(/s3cret|abc123|user/);
  });

  it('says so for something that is not a URL', () => {
    expect(describeEndpoint('not a url')).toBe('(not a URL)');
  });
});
