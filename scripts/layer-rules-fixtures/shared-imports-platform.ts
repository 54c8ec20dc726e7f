// lint as: packages/shared/src/layer-fixture.ts
// Each line marked "breaks" must be reported by a layer zone; the others must not.
import { readFile } from 'node:fs/promises'; // breaks
import path from 'path'; // breaks
import { useState } from 'react'; // breaks
import Fastify from 'fastify'; // breaks
import type { FastifyReply } from 'fastify'; // breaks
import { Kysely } from 'kysely'; // breaks
import { z } from 'zod';

export const used = [readFile, path, useState, Fastify, Kysely, z];
export type Used = FastifyReply;
