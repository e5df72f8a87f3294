import { observer } from 'mobx-react-lite';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DONATION_IMAGE_TYPES } from '../../../application/use-cases/donations/UploadDonationImage';
import { Button } from '../../components';
import type { DonationFormViewModel } from './DonationFormViewModel';

/** Local URLs of picked files are released once nothing shows them (a replaced or removed image, a failed upload). */
const release = (url: string | null) => {
  if (url !== null) URL.revokeObjectURL(url);
};

/**
 * The donation request's image: a named button opens the file chooser (a native file input, so keyboard and screen
 * readers work as usual); the chosen image shows as a thumbnail with a remove button.
 */
function DonationImagePicker({ vm }: { vm: DonationFormViewModel }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const image = vm.image;

  const pick = async (file: File | undefined) => {
    if (file === undefined) return;
    release(await vm.pickImage(file, URL.createObjectURL(file)));
  };

  return (
    <div className="donation-image" role="group" aria-labelledby={`${hintId}-label`}>
      <span className="field__label" id={`${hintId}-label`}>
        {t('donation.image.label')}
      </span>
      {image && (
        <div className="donation-image__chosen">
          <img className="donation-image__thumbnail" src={image.previewUrl} alt={t('donation.image.alt')} />
          <Button mode="destructive" size="small" onClick={() => release(vm.removeImage())}>
            {t('donation.image.remove')}
          </Button>
        </div>
      )}
      <input
        ref={input}
        className="visually-hidden"
        type="file"
        accept={DONATION_IMAGE_TYPES.join(',')}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so choosing the same file again still fires a change.
          event.target.value = '';
          void pick(file);
        }}
      />
      <Button
        mode="tinted"
        loading={vm.uploadingImage}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
      >
        {vm.uploadingImage
          ? t('donation.image.uploading')
          : image
            ? t('donation.image.replace')
            : t('donation.image.add')}
      </Button>
      <span className="section__footer" id={hintId}>
        {t('donation.image.hint')}
      </span>
    </div>
  );
}

export default observer(DonationImagePicker);
