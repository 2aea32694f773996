import { deflateSync } from 'node:zlib';
import { expect } from 'chai';
import { DEFAULT_PDF_LIMITS, ExtractionError, LocalDocumentExtractor, type ExtractionResult, type PdfLimits } from '../../src/documents/index';
import {
  bombPdf, CERTIFICATE_LINES, encryptedPdf, garbagePdf, JANE, passportPdf, proofOfAddressLines, REGISTER_EXTRACT_LINES, scan, td1, textFloodPdf, textPdf,
} from './support';

/** The local extractor on its own (no database): what it reads from each kind of document. */
describe('documents: the local DocumentExtractor', function () {
  // The first image starts the OCR worker (about 3 s); each image takes a second or two on its own.
  this.timeout(60_000);
  const now = new Date('2026-01-15T10:00:00Z');
  const extractor = new LocalDocumentExtractor({ clock: { now: () => now }, ocr: true });
  after(() => extractor.close());

  const pdf = (bytes: Buffer, declaredType: string | null = null) => extractor.extract({ filename: 'doc.pdf', mimeType: 'application/pdf', bytes, declaredType });
  const extractionError = async (p: Promise<unknown>): Promise<ExtractionError> => {
    const err = await p.then(() => null, (e: unknown) => e);
    expect(err, 'an ExtractionError').to.be.instanceOf(ExtractionError);
    return err as ExtractionError;
  };

  const JANE_FIELDS = {
    surname: 'HARTLEY', givenNames: 'JANE ELIZABETH', nationality: 'GBR', issuingCountry: 'GBR', dateOfBirth: '1985-02-14',
    sex: 'F', documentNumber: 'X47Q21903', expiryDate: '2033-07-30',
  };

  describe('passports and ID cards (MRZ)', () => {
    it('reads a passport page with a valid TD3 MRZ: every field, every check digit passing, High', async () => {
      const r = await pdf(await passportPdf());
      expect(r).to.deep.equal({
        documentType: 'passport',
        extractedData: {
          ...JANE_FIELDS,
          mrz: { format: 'TD3', checkDigits: { documentNumber: true, dateOfBirth: true, expiryDate: true, personalNumber: true, composite: true } },
          source: 'pdf_text', engine: 'local',
        },
        confidence: 'High', warnings: [], missingFields: [],
      } satisfies ExtractionResult);
    });

    it('flags a broken check digit with a warning and lowers the confidence', async () => {
      const r = await pdf(await passportPdf(JANE, { breakDigit: true }));
      expect(r.documentType).to.equal('passport');
      expect(r.confidence).to.equal('Medium');
      expect((r.extractedData.mrz as { checkDigits: Record<string, boolean> }).checkDigits).to.deep.include({ dateOfBirth: false, documentNumber: true, expiryDate: true });
      expect(r.warnings).to.have.length.greaterThan(0);
      expect(r.warnings.join(' ')).to.match(/birth date check digit does not match/i);
    });

    it('flags an expired passport with a warning and lowers the confidence', async () => {
      const r = await pdf(await passportPdf({ ...JANE, expiry: '240101' }));
      expect(r.extractedData.expiryDate).to.equal('2024-01-01');
      expect(r.warnings).to.deep.equal(['The document expired on 2024-01-01.']);
      expect(r.confidence).to.equal('Medium');
    });

    it('reads an ID card with a TD1 MRZ as id_card', async () => {
      const r = await pdf(await textPdf(['IDENTITY CARD', ...td1({ ...JANE, nationality: 'NLD', documentNumber: 'SPECI2021' })]));
      expect(r.documentType).to.equal('id_card');
      expect(r.extractedData).to.deep.include({ surname: 'HARTLEY', givenNames: 'JANE ELIZABETH', nationality: 'NLD', issuingCountry: 'NLD', documentNumber: 'SPECI2021', dateOfBirth: '1985-02-14' });
      expect((r.extractedData.mrz as { format: string }).format).to.equal('TD1');
      expect([r.confidence, r.warnings, r.missingFields]).to.deep.equal(['High', [], []]);
    });

    it('names a passport without a readable MRZ, with every identity field missing and Low confidence', async () => {
      const r = await pdf(await textPdf(['PASSPORT', 'Surname: HARTLEY']));
      expect(r.documentType).to.equal('passport');
      expect(r.confidence).to.equal('Low');
      expect(r.missingFields).to.deep.equal(['surname', 'givenNames', 'nationality', 'dateOfBirth', 'sex', 'documentNumber', 'expiryDate', 'issuingCountry']);
      expect(r.warnings).to.deep.equal(['No machine-readable zone (MRZ) was found, so the identity fields could not be read.']);
    });
  });

  describe('company documents (field rules)', () => {
    it('reads a certificate of incorporation', async () => {
      const r = await pdf(await textPdf(CERTIFICATE_LINES));
      expect(r).to.deep.equal({
        documentType: 'certificate_of_incorporation',
        extractedData: {
          companyName: 'GLOBEX TRADING LIMITED', registrationNumber: '09876543', incorporationDate: '2019-03-12', jurisdiction: 'England and Wales',
          source: 'pdf_text', engine: 'local',
        },
        confidence: 'High', warnings: [], missingFields: [],
      });
    });

    it('reads a register extract with its address and directors', async () => {
      const r = await pdf(await textPdf(REGISTER_EXTRACT_LINES));
      expect(r.documentType).to.equal('register_extract');
      expect(r.extractedData).to.deep.equal({
        companyName: 'Initech Handels GmbH', registrationNumber: 'HRB 123456', incorporationDate: '2015-02-01',
        registeredAddress: 'Hauptstrasse 1, 10115 Berlin, Germany', directors: ['Hans Muster', 'Erika Mustermann'], jurisdiction: 'Germany',
        source: 'pdf_text', engine: 'local',
      });
      expect([r.confidence, r.missingFields]).to.deep.equal(['High', []]);
    });

    it('lists the expected fields it did not find, and the confidence follows how many were found', async () => {
      const half = await pdf(await textPdf(['Extract from the Commercial Register', 'Company name: Half Found Ltd', 'Registration number: 555123', 'Jurisdiction: Ireland']));
      expect([half.documentType, half.missingFields, half.confidence]).to.deep.equal(['register_extract', ['incorporationDate', 'registeredAddress', 'directors'], 'Medium']);
      const little = await pdf(await textPdf(['Extract from the Commercial Register', 'Company name: Little Found Ltd']));
      expect([little.missingFields.length, little.confidence]).to.deep.equal([5, 'Low']);
    });

    it('reads a recent proof of address (High), and warns about one older than 3 months (Medium)', async () => {
      const recent = await pdf(await textPdf(proofOfAddressLines('3 December 2025')));
      expect(recent).to.deep.equal({
        documentType: 'proof_of_address',
        extractedData: { name: 'Jane Hartley', address: '12 High Street, London SW1A 1AA', issueDate: '2025-12-03', source: 'pdf_text', engine: 'local' },
        confidence: 'High', warnings: [], missingFields: [],
      });
      const stale = await pdf(await textPdf(proofOfAddressLines('14/10/2025')));
      expect(stale.extractedData.issueDate).to.equal('2025-10-14');
      expect(stale.warnings).to.deep.equal(['The proof of address was issued on 2025-10-14, more than 3 months ago.']);
      expect(stale.confidence).to.equal('Medium');
    });
  });

  describe('what cannot be read', () => {
    it('refuses a password-protected PDF with an ExtractionError saying so', async () => {
      const err = await extractionError(pdf(encryptedPdf()));
      expect(err.message).to.equal('The PDF is protected by a password, so it cannot be read. Upload a copy without a password.');
    });

    it('refuses a damaged PDF with an ExtractionError', async () => {
      const err = await extractionError(pdf(garbagePdf()));
      expect(err.message).to.equal('The file could not be read as a PDF (it is damaged or not a PDF). Upload the original document again.');
    });

    it('reads a PDF without text as an unknown document with Low confidence and a warning', async () => {
      const r = await pdf(await textPdf([]));
      expect(r).to.deep.equal({
        documentType: 'other', extractedData: { source: 'pdf_text', engine: 'local' }, confidence: 'Low',
        warnings: ['The PDF has no text layer (it may be a scan), so nothing in it could be read; check it by eye or upload a text PDF.'], missingFields: [],
      });
    });

    it('keeps the declared type as a hint when the text says nothing', async () => {
      const r = await pdf(await textPdf(['Some unrelated words']), 'Proof of address');
      expect([r.documentType, r.confidence]).to.deep.equal(['proof_of_address', 'Low']);
      expect(r.missingFields).to.deep.equal(['name', 'address', 'issueDate']);
    });
  });

  describe('images (offline OCR)', () => {
    for (const [ext, mimeType] of [['png', 'image/png'], ['jpg', 'image/jpeg']] as const) {
      it(`reads the MRZ of a scanned passport (${ext.toUpperCase()})`, async () => {
        const r = await extractor.extract({ filename: `scan.${ext}`, mimeType, bytes: scan(ext), declaredType: null });
        expect(r.documentType).to.equal('passport');
        expect(r.extractedData).to.deep.include({ ...JANE_FIELDS, source: 'ocr', engine: 'local' });
        expect([r.confidence, r.warnings, r.missingFields]).to.deep.equal(['High', [], []]);
      });
    }

    it('does not read HEIC images: Low, with a warning saying so', async () => {
      const r = await extractor.extract({ filename: 'a.heic', mimeType: 'image/heic', bytes: Buffer.from('ftypheic'), declaredType: 'passport' });
      expect(r).to.deep.equal({
        documentType: 'passport', extractedData: { source: 'none', engine: 'local' }, confidence: 'Low',
        warnings: ['Images are not read yet: HEIC images cannot be read offline; check it by eye or upload a PDF, PNG or JPEG.'],
        missingFields: ['surname', 'givenNames', 'nationality', 'dateOfBirth', 'sex', 'documentNumber', 'expiryDate', 'issuingCountry'],
      });
    });

    it('with EXTRACTION_OCR off, leaves images Low with a warning', async () => {
      const off = new LocalDocumentExtractor({ clock: { now: () => now }, ocr: false });
      const r = await off.extract({ filename: 'scan.png', mimeType: 'image/png', bytes: scan('png'), declaredType: null });
      expect([r.documentType, r.confidence, r.warnings]).to.deep.equal(['other', 'Low', ['Images are not read yet: offline OCR is turned off (EXTRACTION_OCR=false); check it by eye.']]);
      await off.close();
    });

    it('refuses an image that cannot be decoded with an ExtractionError', async () => {
      const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
      const err = await extractionError(extractor.extract({ filename: 'broken.png', mimeType: 'image/png', bytes: png, declaredType: null }));
      expect(err.message).to.match(/^The image could not be read/);
    });
  });

  describe('PDFs over a limit (read in a child process)', () => {
    const limited = (pdfLimits: Partial<PdfLimits>) => new LocalDocumentExtractor({ clock: { now: () => now }, ocr: false, pdf: { ...DEFAULT_PDF_LIMITS, ...pdfLimits } });
    const readWith = (x: LocalDocumentExtractor, bytes: Buffer) => x.extract({ filename: 'doc.pdf', mimeType: 'application/pdf', bytes, declaredType: null });

    it('refuses a Flate bomb (300 KB inflating to 300 MiB, over the default 256 MiB) before PDF.js reads it, then reads a passport', async () => {
      const bomb = await bombPdf(300);
      expect(bomb.length).to.be.below(400_000);
      const err = await extractionError(pdf(bomb));
      expect(err.message).to.equal('The PDF was not read: its compressed content expands to more than the largest amount read (a compression bomb, or an unusually heavy file). Upload the document again, saved or scanned normally.');
      expect((await pdf(await passportPdf())).confidence).to.equal('High');
    });

    it('stops a PDF whose reading needs more heap than EXTRACTION_PDF_HEAP_MB (a flood of text runs), then reads a passport', async () => {
      const x = limited({ heapMb: 32 });
      const err = await extractionError(readWith(x, await textFloodPdf(6)));
      expect(err.message).to.equal('The PDF was not read: reading it needed more than 32 MiB of memory, the most a document may use. Upload the document again, saved or scanned normally.');
      expect((await readWith(x, await passportPdf())).confidence).to.equal('High');
    });

    it('stops a PDF whose reading takes longer than EXTRACTION_PDF_TIMEOUT', async () => {
      const err = await extractionError(readWith(limited({ timeoutMs: 1 }), await passportPdf()));
      expect(err.message).to.equal('The PDF was not read: reading it took longer than 0.001 s, the longest a document is read. Upload the document again, saved or scanned normally.');
    });

    it('survives readers killed at their time limit at any point of their work (start, inflating, parsing), then reads a passport', async () => {
      // 20,000 small Flate streams: the reader spends its first tens of ms creating zlib streams. Killing a
      // worker *thread* there aborted the whole Node process (node_zlib.cc "close before init"); a child
      // process dies alone. Each limit from 1 ms to 60 ms, twice, lands the kill at a different point.
      const streams = Array.from({ length: 20_000 }, (_, i) => [Buffer.from('stream\n'), deflateSync(Buffer.from(`run ${i}`)), Buffer.from('\nendstream\n')]).flat();
      const heavy = Buffer.concat([Buffer.from('%PDF-1.4\n'), ...streams]);
      const outcomes = new Set<string>();
      for (let i = 0; i < 120; i++) {
        const err = await readWith(limited({ timeoutMs: 1 + (i % 60), maxInflatedBytes: 1 << 30 }), heavy).then(() => null, (e: Error) => e);
        outcomes.add(err instanceof ExtractionError ? err.message.replace(/[\d.]+ s,/, 'N s,') : String(err));
      }
      const allowed = [
        'The PDF was not read: reading it took longer than N s, the longest a document is read. Upload the document again, saved or scanned normally.',
        'The file could not be read as a PDF (it is damaged or not a PDF). Upload the original document again.',
      ];
      for (const outcome of outcomes) expect(allowed).to.include(outcome);
      expect((await pdf(await passportPdf())).confidence).to.equal('High');
    });
  });
});
