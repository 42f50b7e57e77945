// Demo personnel documents: the categories HR files under (two of them required of everyone) and,
// for the first demo employees of each provider, real one-page PDFs (an employment contract and an
// occupational health certificate), so that /documents/list downloads something real. Runs after the
// demo employees exist (src/server/personnel/seed.ts); does nothing once categories exist.
import type { ResourceService } from '../resources/service.js';
import { SYSTEM } from '../resources/service.js';
import { checkTypes, insertFileRows } from '../files/routes.js';
import { demoPdf } from './demoPdf.js';

const CATEGORIES = [
  { titulo: 'Contrato de trabalho', descricao: 'Contrato assinado e aditivos.', obrigatorio: true },
  { titulo: 'Atestado de saúde ocupacional (ASO)', descricao: 'Exames admissional, periódicos e demissional.', obrigatorio: true },
  { titulo: 'Documentos pessoais', descricao: 'RG, CPF, comprovante de residência.', obrigatorio: false },
  { titulo: 'Certificados e treinamentos', descricao: 'NR-10, NR-35 e cursos internos.', obrigatorio: false },
  { titulo: 'Atestados médicos', descricao: 'Afastamentos e abonos.', obrigatorio: false },
];

const addYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4)}`;

export async function seedPersonnelDocuments(service: ResourceService, log: (msg: string) => void = () => {}) {
  const categories = service.get('documents-categories');
  if ((await service.list(categories, { range: [0, 0] }, SYSTEM)).total > 0) return 0;
  // The demo employees come once the demo users exist (seedPersonnel): wait for them.
  if ((await service.list(service.get('employees'), { range: [0, 0] }, SYSTEM)).total === 0) return 0;
  const ids: number[] = [];
  for (const c of CATEGORIES) ids.push((await service.create(categories, c, SYSTEM)).id as number);
  const employees = (await service.list(service.get('employees'), { sort: { field: 'id', order: 'ASC' }, range: [0, 11] }, SYSTEM)).rows;
  const documents = service.get('documents');
  let created = 0;
  for (const e of employees) {
    const files = await checkTypes([
      { name: `contrato-${e.id}.pdf`, bytes: demoPdf(['Contrato individual de trabalho', `Empregado(a): ${e.nome}`, `Admissão: ${String(e.data_admissao).split('-').reverse().join('/')}`, 'Documento de demonstração da intranet.']) },
      { name: `aso-${e.id}.pdf`, bytes: demoPdf(['Atestado de saúde ocupacional', `Funcionário(a): ${e.nome}`, 'Resultado: apto', 'Documento de demonstração da intranet.']) },
    ]);
    await service.write(SYSTEM, async (tx) => {
      await insertFileRows(tx, files, files.map((f) => ({ dados: f.bytes, chave: null })), 'documentos', null, [e.id_empresa as number]);
      await service.createIn(tx, documents, { id_funcionario: e.id, id_categoria: ids[0], titulo: 'Contrato de trabalho assinado', id_arquivo: files[0].id }, SYSTEM);
      await service.createIn(tx, documents, { id_funcionario: e.id, id_categoria: ids[1], titulo: 'ASO admissional', id_arquivo: files[1].id, data_validade: addYears(String(e.data_admissao), 1) }, SYSTEM);
    });
    created += 2;
  }
  log(`documentos de demonstração: ${created}`);
  return created;
}
