import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has embedded defaults: SQLite in ./data, port 8000, local adapter', () => {
    const config = loadConfig({});
    assert.equal(config.port, 8000);
    assert.equal(config.host, '0.0.0.0');
    assert.equal(config.dataDir, resolve('data'));
    assert.deepEqual(config.database, { dialect: 'sqlite', file: resolve('data', 'recorder.sqlite') });
    assert.equal(config.recordingsDir, resolve('data', 'recordings'));
    assert.equal(config.framesDir, resolve('data', 'frames'));
    assert.deepEqual(config.adapterUrls, ['http://127.0.0.1:9100']);
    assert.equal(config.auth.accessTokenTtlSeconds, 1800);
    assert.ok(Object.isFrozen(config) && Object.isFrozen(config.auth));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      HOST: '127.0.0.1',
      RECORDER_PORT: '8123',
      DATA_DIR: '/srv/nvr',
      DATABASE_URL: 'postgres://u:p@db/nvr',
      RECORDINGS_DIR: '/mnt/video',
      FRAMES_DIR: '/dev/shm/frames',
      ADAPTER_URLS: 'http://a:9100, http://b:9100',
      LOG_LEVEL: 'debug',
      MASTER_KEY: 'ab'.repeat(32),
      JWT_SECRET: 'x'.repeat(40),
      ADMIN_PASSWORD: 'long-enough',
    });
    assert.equal(config.port, 8123);
    assert.equal(config.host, '127.0.0.1');
    assert.deepEqual(config.database, { dialect: 'postgres', url: 'postgres://u:p@db/nvr' });
    assert.equal(config.recordingsDir, '/mnt/video');
    assert.equal(config.framesDir, '/dev/shm/frames');
    assert.deepEqual(config.adapterUrls, ['http://a:9100', 'http://b:9100']);
    assert.equal(config.logLevel, 'debug');
    assert.equal(config.dataDir, '/srv/nvr');
  });

  it('ADAPTER_PORT moves the default adapter URL', () => {
    assert.deepEqual(loadConfig({ ADAPTER_PORT: '9200' }).adapterUrls, ['http://127.0.0.1:9200']);
  });

  it('lists every bad variable in one error', () => {
    try {
      loadConfig({
        RECORDER_PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        MASTER_KEY: 'short',
        JWT_SECRET: 'short',
        ADAPTER_URLS: 'ftp://x',
        ADMIN_PASSWORD: '123',
      });
      assert.fail('expected a ConfigError');
    } catch (error) {
      assert.ok(error instanceof ConfigError);
      const names = [
        'RECORDER_PORT',
        'DATABASE_URL',
        'LOG_LEVEL',
        'MASTER_KEY',
        'JWT_SECRET',
        'ADAPTER_URLS',
        'ADMIN_PASSWORD',
      ];
      for (const name of names)
        assert.ok(error.message.includes(name), `${name} missing from: ${error.message}`);
      assert.equal(error.problems.length, names.length);
    }
  });
});
