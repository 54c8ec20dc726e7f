import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES } from './config';
import { findSuspectVariables } from './unknown-variables';

describe('unknown and misspelt configuration variables', () => {
  it('names the variable a typo most likely meant', () => {
    expect(findSuspectVariables({ DATABSE_URL: 'postgres://x', SESION_IDLE_MINUTES: '5' }, CONFIG_VARIABLES)).toEqual([
      'DATABSE_URL is not a setting RTMS reads; did you mean DATABASE_URL?',
      'SESION_IDLE_MINUTES is not a setting RTMS reads; did you mean SESSION_IDLE_MINUTES?',
    ]);
  });

  it('reports unknown RTMS_ names and unknown members of a known family', () => {
    expect(findSuspectVariables({ RTMS_SECRET: 'x', SMTP_PASSWORD: 'x', S3_SECRET: 'x' }, CONFIG_VARIABLES)).toEqual([
      'RTMS_SECRET is not a setting RTMS reads (see .env.example for the settings).',
      'S3_SECRET is not a setting RTMS reads (see .env.example for the settings).',
      'SMTP_PASSWORD is not a setting RTMS reads (see .env.example for the settings).',
    ]);
  });

  it('leaves known names and the rest of a usual environment alone', () => {
    const env = {
      PORT: '3000',
      DATABASE_URL: 'sqlite:x',
      HOME: '/root',
      HOSTNAME: 'box',
      PATH: '/usr/bin',
      NODE_OPTIONS: '--max-old-space-size=512',
      NODE_EXTRA_CA_CERTS: '/etc/ca.pem',
      npm_config_cache: '/tmp',
      RTMS_SERVICE_HOST: '10.0.0.1',
      RTMS_PORT_3000_TCP: 'tcp://10.0.0.1:3000',
      RTMS_TEST_DIALECT: 'sqlite',
    };
    expect(findSuspectVariables(env, CONFIG_VARIABLES)).toEqual([]);
  });
});
