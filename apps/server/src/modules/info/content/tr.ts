// Turkish texts of the information pages (the paytables page is generated; see paytables.ts).
import type { InfoTexts } from '../render';

export const tr: InfoTexts = {
  'password-reset': {
    title: 'Şifre Sıfırlama Prosedürü',
    body: `
<p class="lead">Şifreniz bakiyenizi korur. Bu sayfada oturum açıkken şifrenizi nasıl
değiştireceğinizi ve şifrenizi unuttuysanız ne yapmanız gerektiğini bulabilirsiniz.</p>

<h2>Şifrenizi değiştirmek</h2>
<ol>
  <li>Oturum açın ve menüden <strong>Profil</strong> sayfasını açın.</li>
  <li><strong>Şifre değiştir</strong> bölümünde mevcut şifrenizi bir kez, yeni şifrenizi iki kez
  yazın.</li>
  <li><strong>Şifre değiştir</strong> düğmesine basın. Hesabınızda oturumu açık olan diğer tüm
  cihazların oturumu hemen kapatılır; böylece yalnızca yeni şifreyi bilen kişi içeride kalır.</li>
</ol>
<p>Başka hiçbir yerde kullanmadığınız, en az 8 karakterlik bir şifre seçin. Birbiriyle ilgisiz
birkaç kelimeden oluşan kısa bir ifade, rakamlı tek bir kelimeden hem daha kolay hatırlanır hem de
daha zor tahmin edilir.</p>

<h2>Şifrenizi unuttuysanız</h2>
<p>Güvenliğiniz için şifreler hiçbir zaman e-posta ya da mesajla gönderilmez; personelimiz de
seçtiğiniz şifreyi göremez, çünkü şifre yalnızca tek yönlü bir özet olarak saklanır.</p>
<ol>
  <li>Canlı destek ya da giriş sayfasında gösterilen iletişim numarası üzerinden destek ekibine
  ulaşın veya salondaki kasaya başvurun.</li>
  <li>Kimlik belgenizi hazır bulundurun. Size yalnızca hesap sahibinin yanıtlayabileceği sorular
  sorarız; eski şifrenizi asla sormayız.</li>
  <li>Kimliğiniz doğrulandıktan sonra personel geçici bir şifre belirler ve bunu size yüz yüze ya
  da hesabınızda kayıtlı numarayı arayarak iletir.</li>
  <li>Bu şifreyle oturum açın ve yukarıda anlatıldığı gibi hemen değiştirin.</li>
</ol>

<h2>Çok sayıda hatalı deneme</h2>
<p>Art arda hatalı şifre girildiğinde hesabınız kısa bir süre için korumaya alınır (süre, giriş
sayfasındaki mesajda yazar). Bu, başkalarının şifrenizi tahmin etmesini engeller. Süre dolduktan
sonra yeniden deneyin ya da destek ekibine ulaşın.</p>

<h2>Ekran kilidi PIN kodunuz</h2>
<p>PIN kodu, cihazınızı bir süre kullanmadığınızda ekranı kilitler; şifreniz değildir.
<strong>Profil → PIN değiştir</strong> bölümünden değiştirebilirsiniz; bunun için şifreniz
gerekir.</p>

<p class="note">Hesabınıza başka biri mi girdi? Profilinizdeki giriş kayıtlarını kontrol edin,
şifrenizi hemen değiştirin ve destek ekibine haber verin.</p>
`,
  },
  'game-rules-and-content': {
    title: 'Oyun Kuralları ve İçerik',
    body: `
<p class="lead">Reelcast, bir casino salonundaki gerçek slot makinelerini tarayıcınızdan
oynamanızı sağlar. Gördüğünüz görüntü makinenin kendi ekranının canlı yayınıdır; her sonucu
makine belirler, asla görüntü ya da cihazınız değil.</p>

<h2>Makineye oturmak</h2>
<ul>
  <li>Lobide markalar ve makineleri durumlarıyla birlikte listelenir: müsait, oynanıyor,
  oyuncusunu bekliyor, rezerve veya kullanılamıyor.</li>
  <li>Aynı anda tek bir makinede oynayabilirsiniz. Başka birinin oynadığı makineye
  katılamazsınız.</li>
</ul>

<h2>Krediler ve cüzdanınız</h2>
<ul>
  <li>Cüzdan bakiyeniz üst çubukta gösterilir. Oynamak için jeton düğmeleriyle makineye para
  aktarın; tutar makinenin sayacında kredi olarak görünür.</li>
  <li><strong>Tahsil et</strong>, makinedeki tüm kredileri cüzdanınıza geri aktarır. Makineden
  ayrıldığınızda bu işlem sizin için yapılır.</li>
  <li>Her hareket kaydedilir ve <strong>İşlemler</strong> sayfasında, her oyun ise
  <strong>Oyun Oturumları</strong> sayfasında listelenir.</li>
</ul>

<h2>Oynamak</h2>
<ul>
  <li>Makinenin ekranına dokunun ya da düğmelerini kullanın: bahis azalt, bahis artır, çevir,
  otomatik ve tahsil.</li>
  <li>Bahis, makinenin ödeme çizgilerine eşit olarak dağıtılır. Çizgi kazançları en soldaki
  makaradan itibaren sayılır; her çizgide yalnızca en yüksek kazanç ödenir, farklı çizgilerdeki
  kazançlar toplanır. Scatter kazançları, oyunda varsa, ekranın herhangi bir yerinde öder.</li>
  <li><strong>Ödeme Tabloları</strong> sayfasında her oyunun ödemeleri, bahis seviyeleri ve teorik
  oyuncuya geri dönüş oranı yer alır.</li>
</ul>

<h2>İndirim ve bonus</h2>
<p>Sunulduklarında indirim ve bonus düğmeleri, geçerli kampanyaya göre cüzdanınıza tutar ekler.
Talepler tek tek yapılabilir ve iki talep arasında kısa bir bekleme süresi vardır.</p>

<h2>Bağlantı sorunları</h2>
<ul>
  <li>Bağlantınız koparsa makine, kredileriniz üzerindeyken kısa bir süre sizin için tutulur.
  Devam etmek için lobiden makineye geri dönün.</li>
  <li>Zamanında dönmezseniz krediler otomatik olarak cüzdanınıza aktarılır.</li>
  <li>Bir makinede işlem yapmadığınızda, oturum kapatılıp krediler iade edilmeden önce bir geri
  sayım sizi uyarır.</li>
</ul>

<h2>Arızalar ve elden ödemeler</h2>
<p><strong>Arıza durumunda tüm ödemeler ve oyunlar geçersizdir.</strong> Makine bir arıza, elden
ödeme ya da kapak açılması bildirirse, personel sorunu çözene kadar oyun durur; size ne
borçlu olunduğuna makinenin sayaçları ve kayıtlı oyun geçmişi karar verir. Makinenin elden ödeme
sınırını aşan kazançlar personel tarafından ödenir ve cüzdanınıza eklenir.</p>
`,
  },
  'player-protection-information': {
    title: 'Oyuncu Koruma Bilgileri',
    body: `
<p class="lead">Şans oyunları bir eğlence olmalıdır; para kazanmanın ya da sorunlardan kaçmanın bir
yolu değil. Bu araçlar ve öneriler kontrolü elinizde tutmanıza yardımcı olur.</p>

<h2>Kimler oynayabilir</h2>
<p>En az 18 yaşında olmalısınız; ülkenizin yasası daha yüksek bir yaş öngörüyorsa o yaşta. Her hesap
sahibinin yaşını kontrol eder, reşit olmayanlarca açılan hesapları kapatırız.</p>

<h2>Kontrolü elde tutmak</h2>
<ul>
  <li>Başlamadan önce ne kadar para ve zaman harcayacağınıza karar verin; sınıra ulaştığınızda
  durun.</li>
  <li>Kayıplarınızı geri kazanmaya çalışmayın. Makinenin hafızası yoktur: bir kayıp, kazanma
  olasılığını artırmaz.</li>
  <li>Düzenli ara verin. Uzaklaştığınızda ekran kilitlenir, işlem yapılmayan bir makine de
  oturumunuzu kapatmadan önce sizi uyarır.</li>
  <li>Üzgün, yorgun ya da alkollüyken oynamayın.</li>
  <li>Oynarken bakiyenizi görmek istemiyorsanız üst çubuktaki cüzdan düğmesiyle gizleyin.</li>
</ul>

<h2>Limitler, mola ve kendini oyundan men</h2>
<p>Yatırım ya da kayıp limiti koymak, bir günden altı haftaya kadar mola vermek veya kendinizi altı
ay ya da daha uzun süre oyundan men etmek için istediğiniz zaman destek ekibine ulaşın.
Düşürdüğünüz bir limit hemen uygulanır; yükseltme ise ancak bir bekleme süresinin ardından geçerli
olur. Men süresince oturum açamazsınız ve size kampanya gönderilmez.</p>

<h2>Uyarı işaretleri</h2>
<ul>
  <li>Karşılayabileceğinizden fazlasını harcıyor ya da oynamak için borç alıyorsunuz.</li>
  <li>Oyununuzu ailenizden veya arkadaşlarınızdan saklıyorsunuz.</li>
  <li>Azaltmaya çalıştığınızda huzursuz ya da sinirli hissediyorsunuz.</li>
  <li>Oyun işinizi, derslerinizi ya da ilişkilerinizi olumsuz etkiliyor.</li>
</ul>
<p>Bunlardan biri size tanıdık geliyorsa lütfen biriyle konuşun. Ulusal kumar destek hatlarından ve
Adsız Kumarbazlar gibi destek gruplarından ücretsiz ve gizli yardım alabilirsiniz. Destek ekibimiz
sizi ülkenizdeki hizmete yönlendirebilir.</p>

<h2>Hesabınızı korumak</h2>
<p>Şifrenizi ve PIN kodunuzu kimseyle paylaşmayın, profilinizdeki giriş kayıtlarını ara sıra
kontrol edin. Tanımadığınız her şeyi hemen destek ekibine bildirin.</p>
`,
  },
  'terms-of-use': {
    title: 'Kullanım Koşulları',
    body: `
<p class="lead">Bu koşullar Reelcast'i her kullandığınızda geçerlidir. Oturum açarak koşulları kabul
etmiş olursunuz. Lütfen dikkatle okuyun.</p>

<h2>1. Hesabınız</h2>
<ul>
  <li>Yasal yaşta olmalı ve bulunduğunuz yerde şans oyunu oynamanıza izin verilmelidir. Oyun
  yalnızca izin verilen ülkelerden oynanabilir; nereden bağlandığınızı kontrol ederiz.</li>
  <li>Her kişi yalnızca bir hesap açabilir. Hesap kişiseldir: paylaşmayın ve başkasının
  oynamasına izin vermeyin.</li>
  <li>Şifrenizi ve PIN kodunuzu gizli tutmak sizin sorumluluğunuzdadır.</li>
</ul>

<h2>2. Para</h2>
<ul>
  <li>Bakiyeniz üst çubukta gösterilen para biriminde tutulur. Tutarlar kuruşuna kadar kaydedilir
  ve her hareket işlemlerinizde görünür.</li>
  <li>Makinedeki krediler size aittir; tahsil ettiğinizde, makineden ayrıldığınızda ya da
  bağlantınız bekleme süresinden uzun süre koptuğunda cüzdanınıza iade edilir.</li>
  <li>Kampanya kredileri (indirim, bonus) ilgili kampanyanın koşullarına tabidir.</li>
</ul>

<h2>3. Oyun</h2>
<ul>
  <li>Sonuçlara yalnızca makine karar verir. Görüntü makinenin ekranını gösterir, ancak onu
  etkilemez.</li>
  <li>Arıza durumunda tüm ödemeler ve oyunlar geçersizdir. Bir anlaşmazlıkta, yanlış olduğu
  gösterilmedikçe makinenin sayaçları ve kayıtlı oyun geçmişimiz esas alınır.</li>
  <li>Otomatik yazılım kullanmak, arızalardan yararlanmaya çalışmak ya da başkalarıyla
  işbirliği yapmak yasaktır; hesabın kapatılmasına ve kazançların ödenmemesine yol açar.</li>
</ul>

<h2>4. Askıya alma ve kapatma</h2>
<p>Bu koşulları ihlal eden, yasa gereği kapatmamız gereken ya da sizin talep ettiğiniz hesapları
askıya alabilir veya kapatabiliriz. Yasa ya da bu koşulların ihlali engellemedikçe kalan bakiye
size ödenir.</p>

<h2>5. Erişilebilirlik ve sorumluluk</h2>
<p>Hizmetin kesintisiz olması için çalışırız, ancak hiç kesinti olmayacağını garanti edemeyiz. Kendi
cihazınızdan ya da internet bağlantınızdan kaynaklanan kayıplardan sorumlu değiliz. Bu
koşulların hiçbir maddesi yasadan doğan haklarınızı sınırlamaz.</p>

<h2>6. Değişiklikler ve şikâyetler</h2>
<p>Bu koşulları değiştirebiliriz; yeni sürümü size uygulanmadan önce gösteririz. Şikâyetlerinizi
destek ekibine iletebilirsiniz; 14 gün içinde yanıt veririz. Bu koşullar, işletmecinin lisans
aldığı yargı bölgesinin yasalarına tabidir.</p>
`,
  },
  'privacy-policy': {
    title: 'Gizlilik Politikası',
    body: `
<p class="lead">Bu politika, hakkınızda hangi kişisel verileri neden ve ne kadar süreyle
sakladığımızı ve haklarınızı açıklar.</p>

<h2>Topladığımız veriler</h2>
<ul>
  <li><strong>Hesap verileri</strong>: kullanıcı adı, ad ve soyad, e-posta adresi ve rol.</li>
  <li><strong>Giriş verileri</strong>: her giriş, çıkış ve başarısız denemenin zamanı ve IP
  adresi ile adresinizin ait olduğu ülke.</li>
  <li><strong>Oyun ve para</strong>: tutarları ve zamanlarıyla birlikte her işlem, slot oturumu ve
  oynanan her oyun.</li>
  <li><strong>Destek</strong>: destek ekibimizle yazıştığınız mesajlar.</li>
</ul>

<h2>Verileri neden kullanıyoruz</h2>
<ul>
  <li>Hesabınızı yürütmek ve kazançlarınızı ödemek için.</li>
  <li>Hesabınızı güvende tutmak için; örneğin art arda hatalı şifrelerden sonra hesabı korumaya
  almak.</li>
  <li>Yasal yükümlülüklerimizi yerine getirmek için: yaş ve ülke kontrolleri, kara paranın
  aklanmasının önlenmesi kuralları ve düzenleyici kurumların saklamamızı istediği oyun
  kayıtları.</li>
  <li>Sorularınızı yanıtlamak ve anlaşmazlıkları çözmek için.</li>
</ul>
<p>Verilerinizi satmayız ve reklam profili oluşturmak için kullanmayız.</p>

<h2>Cihazınızda</h2>
<p>Hizmetin çalışması için tarayıcınızın yerel depolamasında birkaç bilgi saklarız: oturum
anahtarınız (<code>jwt_access_token</code>), diliniz (<code>language</code>), sizi hatırlayıp
hatırlamayacağımız (<code>isRemember</code>), ekran kilidinin durumu ve PIN kodunuzun özeti
(<code>userLock</code>, <code>pinCode</code>) ile son indirim ve bonus taleplerinizin zamanı.
Reklam ya da izleme çerezi kullanmayız.</p>

<h2>Verileri başka kimler görür</h2>
<p>Barındırma ve destek hizmeti sağlayıcılarımız verileri sözleşme kapsamında bizim adımıza
işler. Canlı destek sunuluyorsa, destek sağlayıcısı orada gönderdiğiniz mesajları alır.
Verileri resmi makamlarla yalnızca yasa gerektirdiğinde paylaşırız.</p>

<h2>Ne kadar süre saklıyoruz</h2>
<p>Oyun ve işlem kayıtları lisansımızın tabi olduğu yasanın gerektirdiği süre boyunca, genellikle
hesabınız kapandıktan sonra beş yıl saklanır. Diğer veriler artık gerekmediğinde silinir.</p>

<h2>Haklarınız</h2>
<p>Verilerinizin bir kopyasını isteyebilir, düzeltilmesini talep edebilir ya da kullanımına
itiraz edebilirsiniz. Yasanın izin verdiği durumlarda silinmesini de isteyebilirsiniz. Talepleriniz
için destek ekibine ulaşın; veri koruma kurumuna şikâyette de bulunabilirsiniz.</p>
`,
  },
};
