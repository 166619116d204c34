import { isPrivateHost } from './private-address';

describe('isPrivateHost', () => {
  it('refuses this machine and private networks by name or address', () => {
    for (const url of [
      'http://localhost:3000/x',
      'http://api.localhost/x',
      'http://127.0.0.1/x',
      'http://10.1.2.3/x',
      'http://172.20.0.1/x',
      'http://192.168.1.1/x',
      'http://169.254.169.254/latest',
      'http://[::1]/x',
      'http://[fd00::1]/x',
      'http://[::ffff:127.0.0.1]/x',
      'http://[::ffff:7f00:1]/x',
      'http://0.0.0.0/x',
      // A fully qualified name's trailing dot, and an address written another way.
      'http://localhost./x',
      'http://api.localhost./x',
      'http://2130706433/x',
      'http://224.0.0.1/x',
      'http://255.255.255.255/x',
      'http://[ff02::1]/x',
      'http://[64:ff9b::7f00:1]/x',
      'http://0x7f.1/x',
    ])
      expect([url, isPrivateHost(url)]).toEqual([url, true]);
  });
  it('lets public names and addresses through', () => {
    for (const url of [
      'https://crm.example.com/hooks',
      'https://93.184.216.34/x',
      'https://[2606:4700::1111]/x',
    ])
      expect([url, isPrivateHost(url)]).toEqual([url, false]);
  });
});
