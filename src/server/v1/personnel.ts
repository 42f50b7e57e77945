// The personnel department (HR home's Departamento Pessoal): employees, dismissals, relatives and
// documents are generic resources (schemas/rh/employees.json, shutdowns.json, family.json,
// documents.json, documents-categories.json); this module adds their write rules
// (src/server/personnel/hooks.ts).
import { registerPersonnelHooks } from '../personnel/hooks.js';
import type { V1Module } from './index.js';

const personnelModule: V1Module = async (_app, { service }) => {
  registerPersonnelHooks(service);
};

export default personnelModule;
